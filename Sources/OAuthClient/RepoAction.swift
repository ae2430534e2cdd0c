/// What a write does to a record, as AT Protocol `repo:` permissions name it: a grant
/// may allow creating records of a collection without allowing their deletion.
package enum RepoAction: String, Sendable, Hashable, CaseIterable {
    case create, update, delete
}

package import ATProto

/// Checks that what an event points at exists, so a heart on an invented story or a reply
/// to a comment that never was is not believed.
package protocol ActivitySubjects: Sendable {
    func check(_ uri: ATURI) async -> SubjectCheck
}

/// What a check found.
package enum SubjectCheck: Sendable, Equatable {
    /// A `social.grain.story` record that exists.
    case story
    /// A `social.grain.comment` record that exists, on `story`.
    case comment(story: ATURI)
    /// No such record (or not of a followed kind).
    case missing
    /// It could not be found out now (the PDS did not answer).
    case unknown
}

package import ATProto

/// Where each account's `StripChoice` is kept, on the server so it holds on every
/// device the person uses.
///
/// Contract (checked for every adapter by `SmallRepositoriesContractTests`): nothing
/// stored means the person never chose (the default applies); setting again replaces.
/// Errors: storage failures only.
package protocol StripChoiceRepository: Sendable {
    func choice(for did: DID) async throws -> StripChoice?
    func setChoice(_ choice: StripChoice, for did: DID) async throws
}

package import ATProto

/// Whether a person's activity may reach a signed-in account at all: never someone they
/// block on Grain or hid on this server (the same lists every page uses).
package protocol ActivityAudience: Sendable {
    /// False: never (blocked or hidden); nil: unsure now (the blocks could not be read).
    func admits(_ actor: DID, toReach recipient: DID) async -> Bool?
}

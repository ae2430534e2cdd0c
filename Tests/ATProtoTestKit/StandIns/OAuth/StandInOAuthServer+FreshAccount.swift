extension StandInOAuthServer {
    /// A stand-in hosting one account of its own (a fresh `did:plc`, 24 characters of
    /// base32, and a matching `.test` handle), published in the test identity directory
    /// as living on this stand-in's PDS, so suites never share an account's identity.
    package static func withFreshAccount(accessTokenLifetime: Int = 1800) throws -> (server: StandInOAuthServer, did: String, handle: String) {
        let suffix = String((0..<19).map { _ in "abcdefghijklmnopqrstuvwxyz234567".randomElement()! })
        let did = "did:plc:oauth" + suffix
        let handle = "oauth\(suffix).test"
        let server = try StandInOAuthServer(accounts: [.init(did: did, handle: handle)], accessTokenLifetime: accessTokenLifetime)
        TestIdentityDirectory.shared.publish(did: did, handle: handle, pds: server.pdsURL)
        return (server, did, handle)
    }
}

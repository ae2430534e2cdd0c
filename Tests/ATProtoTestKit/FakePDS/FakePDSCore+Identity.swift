/// Identity answers for the fake's own accounts: DID documents pointing at this PDS,
/// `resolveHandle` and `describeRepo`.
extension FakePDSCore {
    func didDocument(_ account: FakePDS.Account) -> JSONValue {
        [
            "@context": ["https://www.w3.org/ns/did/v1", "https://w3id.org/security/multikey/v1"],
            "id": .string(account.did),
            "alsoKnownAs": [.string("at://\(account.handle)")],
            "verificationMethod": [],
            "service": [
                [
                    "id": "#atproto_pds", "type": "AtprotoPersonalDataServer",
                    "serviceEndpoint": .string(configuration.serviceEndpoint),
                ]
            ],
        ]
    }

    /// Only this PDS's handles; others → 400 `InvalidRequest` "Unable to resolve handle".
    func resolveHandle(_ request: XRPCRequest) throws(XRPCFailure) -> XRPCResponse {
        let handle = try request.requiredParameter("handle")
        guard let account = accounts.first(where: { $0.handle.lowercased() == handle.lowercased() }) else {
            throw .invalidRequest("Unable to resolve handle")
        }
        return .json(["did": .string(account.did)])
    }

    func describeRepo(_ request: XRPCRequest) throws(XRPCFailure) -> XRPCResponse {
        let account = try repositoryAccount(try request.requiredParameter("repo"))
        let collections = (repositories[account.did]?.records ?? [:]).filter { !$0.value.isEmpty }.keys.sorted()
        return .json([
            "handle": .string(account.handle), "did": .string(account.did), "didDoc": didDocument(account),
            "collections": .array(collections.map { .string($0) }), "handleIsCorrect": true,
        ])
    }

    /// The account for a `repo` parameter (handle or DID); 400 "Could not find repo: X" otherwise.
    func repositoryAccount(_ repo: String) throws(XRPCFailure) -> FakePDS.Account {
        guard let account = account(repo) else { throw .invalidRequest("Could not find repo: \(repo)") }
        return account
    }
}

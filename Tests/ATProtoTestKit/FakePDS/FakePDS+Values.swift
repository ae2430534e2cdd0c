extension FakePDS {
    /// An account on the fake PDS. Signing in with `password` counts as an app-password
    /// login (tokens carry scope `com.atproto.appPass`, as the reference issues them)
    /// unless `isAppPassword` is false (scope `com.atproto.access`).
    public struct Account: Sendable, Equatable {
        public var handle: String
        public var did: String
        public var password: String
        public var isAppPassword: Bool
        public var email: String?

        public init(handle: String, did: String, password: String, isAppPassword: Bool = true, email: String? = nil) {
            self.handle = handle
            self.did = did
            self.password = password
            self.isAppPassword = isAppPassword
            self.email = email
        }

        /// `alice.test`, password `alice-app-password`.
        public static let alice = Account(
            handle: "alice.test", did: "did:plc:alice2222222222222222222", password: "alice-app-password")
        /// `bob.test`, password `bob-app-password`.
        public static let bob = Account(
            handle: "bob.test", did: "did:plc:bob222222222222222222222", password: "bob-app-password")
    }

    /// A record as stored: its `value` is what `getRecord` returns (with `$type` added).
    public struct Record: Sendable, Equatable {
        public let did: String
        public let collection: String
        public let rkey: String
        /// The CID of the DAG-CBOR encoding of `value`.
        public let cid: String
        public let value: JSONValue

        /// `at://<did>/<collection>/<rkey>`.
        public var uri: String { "at://\(did)/\(collection)/\(rkey)" }
    }

    /// An uploaded blob.
    public struct Blob: Sendable, Equatable {
        public let did: String
        /// `bafkrei…`: CIDv1, raw codec, SHA-256 of `bytes`.
        public let cid: String
        public let mimeType: String
        public let bytes: [UInt8]

        public var size: Int { bytes.count }

        /// The blob ref a record embeds, exactly as `uploadBlob` returned it.
        public var ref: JSONValue {
            ["$type": "blob", "ref": ["$link": .string(cid)], "mimeType": .string(mimeType), "size": .integer(Int64(size))]
        }
    }
}

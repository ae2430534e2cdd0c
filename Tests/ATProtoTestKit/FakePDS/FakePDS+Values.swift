extension FakePDS {
    /// An account on the fake PDS. Signing in with `password` counts as an app-password
    /// login (tokens carry scope `com.atproto.appPass`, as the reference issues them)
    /// unless `isAppPassword` is false (scope `com.atproto.access`).
    package struct Account: Sendable, Equatable {
        package var handle: String
        package var did: String
        package var password: String
        package var isAppPassword: Bool
        package var email: String?

        package init(handle: String, did: String, password: String, isAppPassword: Bool = true, email: String? = nil) {
            self.handle = handle
            self.did = did
            self.password = password
            self.isAppPassword = isAppPassword
            self.email = email
        }

        /// `alice.test`, password `alice-app-password`.
        package static let alice = Account(
            handle: "alice.test", did: "did:plc:alice2222222222222222222", password: "alice-app-password")
        /// `bob.test`, password `bob-app-password`.
        package static let bob = Account(
            handle: "bob.test", did: "did:plc:bob222222222222222222222", password: "bob-app-password")
    }

    /// A record as stored: its `value` is what `getRecord` returns (with `$type` added).
    package struct Record: Sendable, Equatable {
        package let did: String
        package let collection: String
        package let rkey: String
        /// The CID of the DAG-CBOR encoding of `value`.
        package let cid: String
        package let value: JSONValue

        /// `at://<did>/<collection>/<rkey>`.
        package var uri: String { "at://\(did)/\(collection)/\(rkey)" }
    }

    /// An uploaded blob.
    package struct Blob: Sendable, Equatable {
        package let did: String
        /// `bafkrei…`: CIDv1, raw codec, SHA-256 of `bytes`.
        package let cid: String
        package let mimeType: String
        package let bytes: [UInt8]

        package var size: Int { bytes.count }

        /// The blob ref a record embeds, exactly as `uploadBlob` returned it.
        package var ref: JSONValue {
            ["$type": "blob", "ref": ["$link": .string(cid)], "mimeType": .string(mimeType), "size": .integer(Int64(size))]
        }
    }
}

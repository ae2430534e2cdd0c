package import ATProto

/// A browser's push subscription (the Push API's `PushSubscription`) for one account: the
/// push service's endpoint, the browser's keys for message encryption (RFC 8291), and the
/// kinds that account wants pushed to it.
package struct PushSubscription: Sendable, Equatable {
    package var account: DID
    /// The push service's URL for this browser; only https.
    package var endpoint: String
    /// The browser's P-256 public key, uncompressed (65 bytes; `keys.p256dh`).
    package var p256dh: [UInt8]
    /// The browser's 16-byte authentication secret (`keys.auth`).
    package var auth: [UInt8]
    package var groups: Set<PushGroup>

    package init(account: DID, endpoint: String, p256dh: [UInt8], auth: [UInt8], groups: Set<PushGroup>) {
        self.account = account
        self.endpoint = endpoint
        self.p256dh = p256dh
        self.auth = auth
        self.groups = groups
    }
}

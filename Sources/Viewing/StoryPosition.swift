public import ATProto

/// One story, named by its author and record key: where TV mode stands (`?at=`) and
/// where a rotation starts again.
public struct StoryPosition: Sendable, Equatable {
    public var did: DID
    public var rkey: RecordKey

    public init(did: DID, rkey: RecordKey) {
        self.did = did
        self.rkey = rkey
    }
}

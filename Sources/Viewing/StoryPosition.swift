package import ATProto

/// One story, named by its author and record key: where TV mode stands (`?at=`) and
/// where a rotation starts again.
package struct StoryPosition: Sendable, Equatable {
    package var did: DID
    package var rkey: RecordKey

    package init(did: DID, rkey: RecordKey) {
        self.did = did
        self.rkey = rkey
    }
}

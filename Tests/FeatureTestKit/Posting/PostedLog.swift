public import ATProto
import Synchronization

/// Records handed to the "story posted" callback.
public final class PostedLog: Sendable {
    private let refs = Mutex<[RecordRef]>([])
    public func append(_ ref: RecordRef) { refs.withLock { $0.append(ref) } }
    public var rkeys: [RecordKey?] { refs.withLock { $0.map(\.rkey) } }
}

package import ATProto
import Synchronization

/// Records handed to the "story posted" callback.
package final class PostedLog: Sendable {
    private let refs = Mutex<[RecordRef]>([])
    package func append(_ ref: RecordRef) { refs.withLock { $0.append(ref) } }
    package var rkeys: [RecordKey?] { refs.withLock { $0.map(\.rkey) } }
}

package import ATProto
package import Social
import Synchronization

/// `StripChoiceRepository` in memory (the contract suite's second adapter).
package final class InMemoryStripChoiceRepository: StripChoiceRepository {
    private let choices = Mutex<[DID: StripChoice]>([:])

    package init() {}

    package func choice(for did: DID) async throws -> StripChoice? { choices.withLock { $0[did] } }

    package func setChoice(_ choice: StripChoice, for did: DID) async throws { choices.withLock { $0[did] = choice } }
}

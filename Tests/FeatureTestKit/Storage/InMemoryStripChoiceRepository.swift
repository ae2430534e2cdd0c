import Synchronization
public import ATProto
public import Social

/// `StripChoiceRepository` in memory (the contract suite's second adapter).
public final class InMemoryStripChoiceRepository: StripChoiceRepository {
    private let choices = Mutex<[DID: StripChoice]>([:])

    public init() {}

    public func choice(for did: DID) async throws -> StripChoice? { choices.withLock { $0[did] } }

    public func setChoice(_ choice: StripChoice, for did: DID) async throws { choices.withLock { $0[did] = choice } }
}

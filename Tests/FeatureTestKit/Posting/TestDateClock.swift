public import Foundation
import Synchronization

/// A wall clock a test moves by hand.
public final class TestDateClock: Sendable {
    private let value: Mutex<Date>
    public init(_ start: Date) { value = Mutex(start) }
    public var now: Date { value.withLock { $0 } }
    public func advance(_ seconds: TimeInterval) { value.withLock { $0 = $0.addingTimeInterval(seconds) } }
}

package import Foundation
import Synchronization

/// A wall clock a test moves by hand.
package final class TestDateClock: Sendable {
    private let value: Mutex<Date>
    package init(_ start: Date) { value = Mutex(start) }
    package var now: Date { value.withLock { $0 } }
    package func advance(_ seconds: TimeInterval) { value.withLock { $0 = $0.addingTimeInterval(seconds) } }
}

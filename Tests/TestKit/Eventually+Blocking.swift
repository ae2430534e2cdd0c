import Foundation

/// `eventually` for code that cannot suspend: a dedicated thread driving raw sockets, or
/// a synchronous initialiser waiting for a child process. The same rules hold: the
/// interval is only how often `condition` is looked at, and `timeout` only bounds a
/// failure.
package func eventuallyBlocking(
    within timeout: Duration = .seconds(10),
    checkingEvery interval: Duration = .milliseconds(5),
    _ condition: () throws -> Bool
) rethrows -> Bool {
    let deadline = ContinuousClock.now + timeout
    while ContinuousClock.now < deadline {
        if try condition() { return true }
        // The pause between two looks at the condition, not a time relied on.
        Thread.sleep(forTimeInterval: Double(interval.components.attoseconds) / 1e18 + Double(interval.components.seconds))
    }
    return try condition()
}

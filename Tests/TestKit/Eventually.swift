/// Waits until `condition` holds, checking it every `interval`; false if it still does
/// not hold after `timeout`.
///
/// This is the one way tests wait for something another thread or process does. The
/// interval is only how often the condition is looked at, never an amount of time
/// the test relies on passing, and `timeout` only bounds a failure: a slow machine
/// makes a passing test slower, never a failing one.
package func eventually(
    within timeout: Duration = .seconds(10),
    checkingEvery interval: Duration = .milliseconds(5),
    _ condition: () async throws -> Bool
) async rethrows -> Bool {
    let deadline = ContinuousClock.now + timeout
    while ContinuousClock.now < deadline {
        if try await condition() { return true }
        // Not a wait the test relies on: only the pause between two looks at the
        // condition. Whether it holds is decided by the condition, so a slow machine
        // can make this loop run longer, never make it fail early.
        try? await Task.sleep(for: interval)
    }
    return try await condition()
}

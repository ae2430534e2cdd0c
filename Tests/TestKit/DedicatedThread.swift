import Foundation

/// Runs blocking work (raw sockets, `sleep`, blocking C calls) on a fresh thread and
/// awaits its result, so tests never block the cooperative pool that the server's async
/// handlers (and every other test) need.
package func runOnDedicatedThread<Result: Sendable>(
    _ body: @escaping @Sendable () throws -> Result
) async throws -> Result {
    let outcome: Swift.Result<Result, any Error> = await withCheckedContinuation { continuation in
        Thread {
            continuation.resume(returning: Swift.Result { try body() })
        }.start()
    }
    return try outcome.get()
}

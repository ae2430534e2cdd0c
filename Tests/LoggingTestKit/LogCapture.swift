package import GrainSupport
import Synchronization

/// Collects log lines in memory so tests can inspect what was (and was not) logged.
package final class LogCapture: Sendable {
    private let storage = Mutex<[String]>([])

    package init() {}

    package var lines: [String] { storage.withLock { $0 } }

    package func logger(level: LogLevel = .debug) -> Logger {
        Logger(level: level) { [self] line in storage.withLock { $0.append(line) } }
    }
}

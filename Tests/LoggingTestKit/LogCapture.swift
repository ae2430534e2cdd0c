import Synchronization
public import GrainSupport

/// Collects log lines in memory so tests can inspect what was (and was not) logged.
public final class LogCapture: Sendable {
    private let storage = Mutex<[String]>([])

    public init() {}

    public var lines: [String] { storage.withLock { $0 } }

    public func logger(level: LogLevel = .debug) -> Logger {
        Logger(level: level) { [self] line in storage.withLock { $0.append(line) } }
    }
}

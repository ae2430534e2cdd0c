package import FoundationEssentials

/// Structured logging: a message for people plus `key=value` metadata for machines,
/// one line per event, written by an injected sink (standard error in production,
/// memory in tests). Components receive a logger; they never create one.
///
/// Values are quoted and control characters escaped, so a hostile path or header can
/// neither forge a second log line nor break the format. Secrets must never be passed
/// as metadata; types holding them wrap them in `Secret`, whose description is redacted.
package struct Logger: Sendable {
    package typealias Sink = @Sendable (String) -> Void

    /// Where lines go: a sink takes each line as a `String` (tests keep them in memory);
    /// a line writer takes their bytes, and lets info and debug lines wait to be written
    /// together (see `LogLineWriter`).
    private enum Output: Sendable {
        case sink(Sink)
        case lines(LogLineWriter)
    }

    package let level: LogLevel
    private let output: Output
    private let now: @Sendable () -> Date

    package init(level: LogLevel, now: @escaping @Sendable () -> Date = Date.init, sink: @escaping Sink) {
        self.level = level
        self.output = .sink(sink)
        self.now = now
    }

    /// A logger writing to `writer`: warnings and errors before `log` returns, info and
    /// debug lines (the access log) gathered by the writer's thread.
    package init(level: LogLevel, now: @escaping @Sendable () -> Date = Date.init, writer: LogLineWriter) {
        self.level = level
        self.output = .lines(writer)
        self.now = now
    }

    /// A logger that writes to standard error.
    package static func standardError(level: LogLevel) -> Logger {
        Logger(level: level, writer: .standardError)
    }

    /// Returns once every line logged before it is written (a sink has nothing to wait for).
    package func flush() {
        if case .lines(let writer) = output { writer.flush() }
    }

    /// A logger that drops everything.
    package static let disabled = Logger(level: .error) { _ in }

    package func isEnabled(_ messageLevel: LogLevel) -> Bool { messageLevel >= level }

    package func log(_ messageLevel: LogLevel, _ message: String, _ metadata: KeyValuePairs<String, String> = [:]) {
        guard messageLevel >= level else { return }
        // Built as bytes and made a `String` once: the access log writes a line per
        // request, and appending to a `String` piece by piece cost more than the answer.
        var line: [UInt8] = []
        line.reserveCapacity(160)
        Timestamp.append(now(), to: &line)
        line.append(Logger.space)
        line.append(contentsOf: messageLevel.description.utf8)
        line.append(Logger.space)
        if Logger.isPlain(message, quoting: false) {
            line.append(contentsOf: message.utf8)
        } else {
            line.append(contentsOf: Logger.escapeMessage(message).utf8)
        }
        for (key, value) in metadata {
            line.append(Logger.space)
            line.append(contentsOf: key.utf8)
            line.append(UInt8(ascii: "="))
            if Logger.isPlain(value, quoting: true) {
                line.append(contentsOf: value.utf8)
            } else {
                line.append(contentsOf: Logger.quoteIfNeeded(value).utf8)
            }
        }
        switch output {
        case .sink(let sink):
            sink(String(decoding: line, as: UTF8.self))
        case .lines(let writer):
            line.append(UInt8(ascii: "\n"))
            writer.write(line, urgency: messageLevel >= .warning ? .immediate : .deferrable)
        }
    }

    private static let space = UInt8(ascii: " ")

    /// True when `escapeMessage` (or, `quoting`, `quoteIfNeeded`) would return the text
    /// unchanged, decided on the UTF-8 bytes: the characters both look for are ASCII, and
    /// no byte of a longer UTF-8 sequence is below 0x80.
    private static func isPlain(_ text: String, quoting: Bool) -> Bool {
        if quoting && text.isEmpty { return false }
        return !text.utf8.contains { byte in
            byte < 0x20 || byte == 0x7F
                || (quoting && (byte == 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "=") || byte == UInt8(ascii: "\\")))
        }
    }

    package func debug(_ message: String, _ metadata: KeyValuePairs<String, String> = [:]) { log(.debug, message, metadata) }
    package func info(_ message: String, _ metadata: KeyValuePairs<String, String> = [:]) { log(.info, message, metadata) }
    package func warning(_ message: String, _ metadata: KeyValuePairs<String, String> = [:]) { log(.warning, message, metadata) }
    package func error(_ message: String, _ metadata: KeyValuePairs<String, String> = [:]) { log(.error, message, metadata) }

    /// Messages are written bare but may not contain line breaks or control characters.
    static func escapeMessage(_ text: String) -> String {
        guard text.unicodeScalars.contains(where: { $0.value < 0x20 || $0.value == 0x7F }) else { return text }
        return escapeControls(text)
    }

    /// Bare when the value is a simple token, otherwise double-quoted with escapes.
    static func quoteIfNeeded(_ value: String) -> String {
        let needsQuotes =
            value.isEmpty
            || value.unicodeScalars.contains {
                $0.value <= 0x20 || $0.value == 0x7F || $0 == "\"" || $0 == "=" || $0 == "\\"
            }
        guard needsQuotes else { return value }
        return "\"" + escapeControls(value, quoting: true) + "\""
    }

    /// Escapes control characters, and with `quoting` also quotes and backslashes: scalar by scalar,
    /// so a quote followed by a combining mark (one `Character`) is escaped too.
    private static func escapeControls(_ text: String, quoting: Bool = false) -> String {
        var result = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"" where quoting: result += "\\\""
            case "\\" where quoting: result += "\\\\"
            case "\n": result += "\\n"
            case "\r": result += "\\r"
            case "\t": result += "\\t"
            case _ where scalar.value < 0x20 || scalar.value == 0x7F:
                result += "\\u{\(String(scalar.value, radix: 16))}"
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result
    }
}

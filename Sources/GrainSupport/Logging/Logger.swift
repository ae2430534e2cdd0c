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
        let time = now()
        let newline: Bool
        if case .lines = output { newline = true } else { newline = false }
        let line: [UInt8]
        if let plain = Logger.plainLine(time: time, level: messageLevel, message: message, metadata: metadata, newline: newline) {
            line = plain
        } else {
            var escaped = Logger.escapedLine(time: time, level: messageLevel, message: message, metadata: metadata)
            if newline { escaped.append(UInt8(ascii: "\n")) }
            line = escaped
        }
        switch output {
        case .sink(let sink):
            sink(String(decoding: line, as: UTF8.self))
        case .lines(let writer):
            writer.write(line, urgency: messageLevel >= .warning ? .immediate : .deferrable)
        }
    }

    /// The line (and its newline, when `newline`) when nothing in it needs escaping or
    /// quoting, as nearly every access-log line: its length is measured first and each
    /// piece copied once into storage of exactly that size. An access-log line cost
    /// about a tenth of the server's own work for a small answer when it was appended
    /// piece by piece (issue 26). Nil for any other line, which `escapedLine` writes.
    private static func plainLine(
        time: Date, level: LogLevel, message: String, metadata: KeyValuePairs<String, String>, newline: Bool
    ) -> [UInt8]? {
        guard isPlain(message, quoting: false) else { return nil }
        let levelText = level.description
        var count = Timestamp.writtenCount + 1 + levelText.utf8.count + 1 + message.utf8.count + (newline ? 1 : 0)
        for (key, value) in metadata {
            guard isPlain(value, quoting: true) else { return nil }
            count += 1 + key.utf8.count + 1 + value.utf8.count
        }
        var written = true
        let line = [UInt8](unsafeUninitializedCapacity: count) { buffer, initialized in
            initialized = 0
            guard let base = buffer.baseAddress, Timestamp.write(time, to: base) else {
                written = false
                return
            }
            var cursor = base + Timestamp.writtenCount
            put(space, at: &cursor)
            put(levelText, at: &cursor)
            put(space, at: &cursor)
            put(message, at: &cursor)
            for (key, value) in metadata {
                put(space, at: &cursor)
                put(key, at: &cursor)
                put(UInt8(ascii: "="), at: &cursor)
                put(value, at: &cursor)
            }
            if newline { put(UInt8(ascii: "\n"), at: &cursor) }
            initialized = cursor - base
        }
        return written && line.count == count ? line : nil
    }

    /// Writes `byte` at `cursor` and moves past it (a parameter, not a captured variable,
    /// which would be checked for exclusive access at every write).
    private static func put(_ byte: UInt8, at cursor: inout UnsafeMutablePointer<UInt8>) {
        cursor.pointee = byte
        cursor += 1
    }

    /// Copies `text`'s UTF-8 to `cursor` and moves past it.
    private static func put(_ text: String, at cursor: inout UnsafeMutablePointer<UInt8>) {
        var text = text
        let start = cursor
        let count = text.withUTF8 { bytes in
            if let source = bytes.baseAddress { start.update(from: source, count: bytes.count) }
            return bytes.count
        }
        cursor += count
    }

    /// Any line, escaping the message and quoting values where they need it.
    private static func escapedLine(time: Date, level messageLevel: LogLevel, message: String, metadata: KeyValuePairs<String, String>) -> [UInt8] {
        // Built as bytes and made a `String` once: the access log writes a line per
        // request, and appending to a `String` piece by piece cost more than the answer.
        var line: [UInt8] = []
        line.reserveCapacity(160)
        Timestamp.append(time, to: &line)
        line.append(Logger.space)
        line.append(contentsOf: messageLevel.description.utf8)
        line.append(Logger.space)
        if isPlain(message, quoting: false) {
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
        return line
    }

    private static let space = UInt8(ascii: " ")

    /// True when `escapeMessage` (or, `quoting`, `quoteIfNeeded`) would return the text
    /// unchanged, decided on the UTF-8 bytes: the characters both look for are ASCII, and
    /// no byte of a longer UTF-8 sequence is below 0x80.
    private static func isPlain(_ text: String, quoting: Bool) -> Bool {
        if quoting && text.isEmpty { return false }
        // Over the contiguous bytes: every value of every access-log line is scanned.
        var text = text
        return text.withUTF8 { bytes in
            !bytes.contains { byte in
                byte < 0x20 || byte == 0x7F
                    || (quoting && (byte == 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "=") || byte == UInt8(ascii: "\\")))
            }
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

/// Reads JSON text into a `JSONNode`: RFC 8259's grammar, with a nesting limit, since what
/// it reads comes from a child process that has just parsed a stranger's photo.
struct JSONNodeParser {
    private let bytes: [UInt8]
    private var position = 0
    private var depth = 0
    /// Deeper than anything the worker's values need (they nest four levels).
    static let maximumDepth = 32

    /// The one value `bytes` holds, with nothing but whitespace around it.
    static func parse(_ bytes: [UInt8]) throws(WorkerJSON.Failure) -> JSONNode {
        var parser = JSONNodeParser(bytes: bytes)
        let node = try parser.value()
        parser.skipSpace()
        guard parser.position == bytes.count else { throw parser.failure("text after the value") }
        return node
    }

    private init(bytes: [UInt8]) { self.bytes = bytes }

    private func failure(_ what: String) -> WorkerJSON.Failure { WorkerJSON.Failure("\(what) at byte \(position)") }

    private mutating func skipSpace() {
        while position < bytes.count, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[position]) { position += 1 }
    }

    private mutating func expect(_ word: String) throws(WorkerJSON.Failure) {
        let expected = Array(word.utf8)
        guard bytes.count - position >= expected.count, Array(bytes[position..<position + expected.count]) == expected else {
            throw failure("expected \(word)")
        }
        position += expected.count
    }

    private mutating func value() throws(WorkerJSON.Failure) -> JSONNode {
        skipSpace()
        guard position < bytes.count else { throw failure("the text ends before a value") }
        switch bytes[position] {
        case UInt8(ascii: "n"):
            try expect("null")
            return .null
        case UInt8(ascii: "t"):
            try expect("true")
            return .bool(true)
        case UInt8(ascii: "f"):
            try expect("false")
            return .bool(false)
        case UInt8(ascii: "\""): return .string(try string())
        case UInt8(ascii: "["): return try nested { (parser: inout JSONNodeParser) throws(WorkerJSON.Failure) in try parser.array() }
        case UInt8(ascii: "{"): return try nested { (parser: inout JSONNodeParser) throws(WorkerJSON.Failure) in try parser.object() }
        default: return .number(try number())
        }
    }

    private mutating func nested(_ body: (inout JSONNodeParser) throws(WorkerJSON.Failure) -> JSONNode) throws(WorkerJSON.Failure) -> JSONNode {
        depth += 1
        defer { depth -= 1 }
        guard depth <= Self.maximumDepth else { throw failure("nested more than \(Self.maximumDepth) deep") }
        position += 1
        return try body(&self)
    }

    private mutating func array() throws(WorkerJSON.Failure) -> JSONNode {
        var items: [JSONNode] = []
        skipSpace()
        if position < bytes.count, bytes[position] == UInt8(ascii: "]") {
            position += 1
            return .array(items)
        }
        while true {
            items.append(try value())
            skipSpace()
            guard position < bytes.count else { throw failure("an unfinished array") }
            position += 1
            if bytes[position - 1] == UInt8(ascii: "]") { return .array(items) }
            guard bytes[position - 1] == UInt8(ascii: ",") else { throw failure("expected , or ]") }
        }
    }

    private mutating func object() throws(WorkerJSON.Failure) -> JSONNode {
        var members: [(String, JSONNode)] = []
        skipSpace()
        if position < bytes.count, bytes[position] == UInt8(ascii: "}") {
            position += 1
            return .object(members)
        }
        while true {
            skipSpace()
            guard position < bytes.count, bytes[position] == UInt8(ascii: "\"") else { throw failure("expected a member name") }
            let key = try string()
            skipSpace()
            try expect(":")
            members.append((key, try value()))
            skipSpace()
            guard position < bytes.count else { throw failure("an unfinished object") }
            position += 1
            if bytes[position - 1] == UInt8(ascii: "}") { return .object(members) }
            guard bytes[position - 1] == UInt8(ascii: ",") else { throw failure("expected , or }") }
        }
    }

    /// A number's text, checked against JSON's grammar (`-? int frac? exp?`).
    private mutating func number() throws(WorkerJSON.Failure) -> String {
        let start = position
        func digits(_ parser: inout JSONNodeParser) -> Int {
            let from = parser.position
            while parser.position < parser.bytes.count, (0x30...0x39).contains(parser.bytes[parser.position]) { parser.position += 1 }
            return parser.position - from
        }
        if position < bytes.count, bytes[position] == UInt8(ascii: "-") { position += 1 }
        let integer = digits(&self)
        guard integer > 0, integer == 1 || bytes[position - integer] != UInt8(ascii: "0") else { throw failure("a malformed number") }
        if position < bytes.count, bytes[position] == UInt8(ascii: ".") {
            position += 1
            guard digits(&self) > 0 else { throw failure("a malformed number") }
        }
        if position < bytes.count, bytes[position] | 0x20 == UInt8(ascii: "e") {
            position += 1
            if position < bytes.count, bytes[position] == UInt8(ascii: "+") || bytes[position] == UInt8(ascii: "-") { position += 1 }
            guard digits(&self) > 0 else { throw failure("a malformed number") }
        }
        return String(decoding: bytes[start..<position], as: UTF8.self)
    }

    /// A string's value, its escapes resolved (`\uXXXX` with surrogate pairs); the opening
    /// quote is at `position`.
    private mutating func string() throws(WorkerJSON.Failure) -> String {
        position += 1
        var scalars = String.UnicodeScalarView()
        var run = position
        func flush(_ parser: JSONNodeParser, upTo end: Int) throws(WorkerJSON.Failure) {
            guard let text = String(validating: parser.bytes[run..<end], as: UTF8.self) else { throw parser.failure("a string that is not UTF-8") }
            scalars.append(contentsOf: text.unicodeScalars)
        }
        while true {
            guard position < bytes.count else { throw failure("an unfinished string") }
            let byte = bytes[position]
            if byte == UInt8(ascii: "\"") {
                try flush(self, upTo: position)
                position += 1
                return String(scalars)
            }
            guard byte >= 0x20 else { throw failure("a control character in a string") }
            guard byte == UInt8(ascii: "\\") else {
                position += 1
                continue
            }
            try flush(self, upTo: position)
            position += 1
            guard position < bytes.count else { throw failure("an unfinished escape") }
            let escape = bytes[position]
            position += 1
            switch escape {
            case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): scalars.append(Unicode.Scalar(escape))
            case UInt8(ascii: "b"): scalars.append("\u{8}")
            case UInt8(ascii: "f"): scalars.append("\u{C}")
            case UInt8(ascii: "n"): scalars.append("\n")
            case UInt8(ascii: "r"): scalars.append("\r")
            case UInt8(ascii: "t"): scalars.append("\t")
            case UInt8(ascii: "u"): scalars.append(try unicodeEscape())
            default: throw failure("an unknown escape")
            }
            run = position
        }
    }

    /// The scalar of `\uXXXX` (after the `u`), joining a surrogate pair.
    private mutating func unicodeEscape() throws(WorkerJSON.Failure) -> Unicode.Scalar {
        let first = try hexQuad()
        if (0xD800..<0xDC00).contains(first) {
            try expect("\\u")
            let second = try hexQuad()
            guard (0xDC00..<0xE000).contains(second), let scalar = Unicode.Scalar(0x10000 + ((first - 0xD800) << 10) + (second - 0xDC00)) else {
                throw failure("a broken surrogate pair")
            }
            return scalar
        }
        guard let scalar = Unicode.Scalar(first) else { throw failure("a lone surrogate") }
        return scalar
    }

    private mutating func hexQuad() throws(WorkerJSON.Failure) -> UInt32 {
        guard bytes.count - position >= 4,
            bytes[position..<position + 4].allSatisfy({ Unicode.Scalar($0).properties.isASCIIHexDigit }),
            let value = UInt32(String(decoding: bytes[position..<position + 4], as: UTF8.self), radix: 16)
        else {
            throw failure("a malformed \\u escape")
        }
        position += 4
        return value
    }
}

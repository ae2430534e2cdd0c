/// Splits template source into text, line breaks and classified `{{…}}` tags.
///
/// Works on UTF-8 bytes; columns count Unicode scalars (UTF-8 lead bytes). Only `{{` and
/// line breaks are significant here; HTML is looked at later by the compiler.
struct TemplateScanner {
    private let bytes: [UInt8]
    private let template: String
    private let file: String
    private var index = 0
    private var line = 1
    private var column = 1
    private var tokens: [TemplateToken] = []

    private init(source: String, template: String, file: String) {
        bytes = Array(source.utf8)
        self.template = template
        self.file = file
    }

    /// The tokens of `source`, and the location just past its end.
    static func scan(
        _ source: String, template: String, file: String
    ) throws(TemplateError) -> (tokens: [TemplateToken], end: SourceLocation) {
        var scanner = TemplateScanner(source: source, template: template, file: file)
        try scanner.run()
        return (scanner.tokens, scanner.location)
    }

    private var location: SourceLocation {
        SourceLocation(template: template, file: file, line: line, column: column)
    }

    private mutating func run() throws(TemplateError) {
        var textStart: Int?
        var textLocation = location
        func flushText(_ scanner: inout TemplateScanner, upTo end: Int) {
            if let start = textStart {
                scanner.tokens.append(.text(String(decoding: scanner.bytes[start..<end], as: UTF8.self), textLocation))
                textStart = nil
            }
        }
        while index < bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: "{"), index + 1 < bytes.count, bytes[index + 1] == UInt8(ascii: "{") {
                flushText(&self, upTo: index)
                try scanTag()
            } else if byte == UInt8(ascii: "\n")
                || (byte == UInt8(ascii: "\r") && index + 1 < bytes.count && bytes[index + 1] == UInt8(ascii: "\n"))
            {
                flushText(&self, upTo: index)
                let newline = byte == UInt8(ascii: "\n") ? "\n" : "\r\n"
                tokens.append(.newline(newline, location))
                index += newline.utf8.count
                line += 1
                column = 1
            } else {
                if textStart == nil {
                    textStart = index
                    textLocation = location
                }
                advance(over: byte)
            }
        }
        flushText(&self, upTo: index)
    }

    private mutating func advance(over byte: UInt8) {
        index += 1
        if byte == UInt8(ascii: "\n") {
            line += 1
            column = 1
        } else if byte & 0xC0 != 0x80 {
            column += 1
        }
    }

    /// Scans the tag starting at `index` (which points at `{{`).
    private mutating func scanTag() throws(TemplateError) {
        let start = location
        let contentStart = index + 2
        if contentStart < bytes.count, bytes[contentStart] == UInt8(ascii: "{") {
            throw start.error(
                .parse,
                "triple mustache {{{…}}} is not supported: output is always escaped; "
                    + "pass TemplateValue.unsafeTrustedHTML for trusted markup"
            )
        }
        let isComment = bytes[contentStart...].first { !Self.isTagSpace($0) } == UInt8(ascii: "!")
        var end = contentStart
        while true {
            guard end + 1 < bytes.count else {
                throw start.error(.parse, "unclosed tag: '{{' without a matching '}}'")
            }
            if bytes[end] == UInt8(ascii: "}"), bytes[end + 1] == UInt8(ascii: "}") { break }
            if !isComment,
                bytes[end] == UInt8(ascii: "\n")
                    || (bytes[end] == UInt8(ascii: "{") && bytes[end + 1] == UInt8(ascii: "{"))
            {
                throw start.error(.parse, "unclosed tag: '{{' without a matching '}}' on the same line")
            }
            end += 1
        }
        let content = String(decoding: bytes[contentStart..<end], as: UTF8.self)
        let kind = try Self.classify(content, at: start)
        while index < end + 2 { advance(over: bytes[index]) }
        tokens.append(.tag(TemplateTag(kind: kind, location: start)))
    }

    private static func isTagSpace(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") || byte == UInt8(ascii: "\n")
            || byte == UInt8(ascii: "\r")
    }

    private static func trimmed(_ text: Substring) -> String {
        let bytes = text.utf8
        guard let first = bytes.firstIndex(where: { !isTagSpace($0) }),
            let last = bytes.lastIndex(where: { !isTagSpace($0) })
        else { return "" }
        return String(text[first...last])
    }

    private static func classify(_ content: String, at location: SourceLocation) throws(TemplateError) -> TemplateTag.Kind {
        let text = trimmed(content[...])
        guard let sigil = text.first else { throw location.error(.parse, "empty tag {{}}") }
        let rest = trimmed(text.dropFirst())
        func path(_ what: String) throws(TemplateError) -> VariablePath {
            guard let path = VariablePath(rest) else {
                throw location.error(.parse, "invalid \(what) name '\(rest)': use letters, digits, '_', '-' and dots")
            }
            return path
        }
        func templateName(_ what: String) throws(TemplateError) -> String {
            guard TemplateName.isValid(rest) else {
                throw location.error(.parse, "invalid \(what) name '\(rest)': use a template path such as 'partials/avatar'")
            }
            return rest
        }
        switch sigil {
        case "!": return .comment
        case "#": return .section(try path("section"))
        case "^": return .invertedSection(try path("section"))
        case "/":
            guard !rest.isEmpty else { throw location.error(.parse, "closing tag without a name") }
            return .close(rest)
        case ">": return .partial(try templateName("partial"))
        case "<": return .parent(try templateName("layout"))
        case "$":
            guard TemplateName.isValidBlock(rest) else {
                throw location.error(.parse, "invalid block name '\(rest)': use letters, digits, '_', '-' and dots")
            }
            return .block(rest)
        case "&":
            throw location.error(
                .parse,
                "unescaped output {{& …}} is not supported: pass TemplateValue.unsafeTrustedHTML for trusted markup"
            )
        case "{":
            throw location.error(.parse, "triple mustache {{{…}}} is not supported")
        case "=":
            throw location.error(.parse, "set-delimiter tags {{= =}} are not supported")
        default:
            guard let variable = VariablePath(text) else {
                throw location.error(.parse, "invalid variable name '\(text)': use letters, digits, '_', '-' and dots")
            }
            return .variable(variable)
        }
    }
}

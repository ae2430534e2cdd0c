/// Renders a compiled template by walking its nodes and appending to one string.
///
/// Values are looked up on a context stack following Mustache rules: the first key of a
/// name is searched from the innermost context outwards, the remaining keys descend from
/// there. Partials are rendered with the same stack, up to ``maximumPartialDepth`` deep,
/// so a recursive partial fails with an error instead of overflowing the thread's stack.
struct TemplateRenderer {
    static let maximumPartialDepth = 64

    private let templates: [CompiledTemplate]
    private let strict: Bool
    private var stack: [TemplateValue]
    private var partialDepth = 0
    private(set) var output = ""

    init(templates: [CompiledTemplate], strict: Bool, context: [String: TemplateValue], capacity: Int) {
        self.templates = templates
        self.strict = strict
        stack = [.object(context)]
        stack.reserveCapacity(8)
        output.reserveCapacity(capacity)
    }

    mutating func render(_ nodes: [Node], indentation: String) throws(TemplateError) {
        for node in nodes {
            switch node {
            case .text(let text):
                append(text, indentation: indentation)
            case .variable(let variable):
                try render(variable)
            case .section(let section):
                try render(section, indentation: indentation)
            case .partial(let partial):
                try render(partial, indentation: indentation)
            }
        }
    }

    private mutating func append(_ text: TextNode, indentation: String) {
        guard !indentation.isEmpty, !text.lineStarts.isEmpty else {
            output += text.text
            return
        }
        let utf8 = text.text.utf8
        var previous = utf8.startIndex
        for offset in text.lineStarts {
            let lineStart = utf8.index(utf8.startIndex, offsetBy: offset)
            output += text.text[previous..<lineStart]
            output += indentation
            previous = lineStart
        }
        output += text.text[previous...]
    }

    private mutating func render(_ variable: VariableNode) throws(TemplateError) {
        guard let value = try lookUp(variable.path, at: variable.location) else { return }
        switch value {
        case .string(let text):
            HTMLEscaping.append(variable.escaping == .url ? URLSanitizer.sanitized(text) : text, to: &output)
        case .int(let number):
            output += String(number)
        case .bool(let flag):
            output += flag ? "true" : "false"
        case .null:
            break
        case .unsafeTrustedHTML(let html):
            output += html
        case .list:
            throw variable.location.error(.render, "variable '\(variable.path)' is a list and cannot be printed; use a section")
        case .object:
            throw variable.location.error(.render, "variable '\(variable.path)' is an object and cannot be printed; use a section")
        }
    }

    private mutating func render(_ section: SectionNode, indentation: String) throws(TemplateError) {
        let value = try lookUp(section.path, at: section.location) ?? .null
        if section.isInverted {
            if !value.isTruthy { try render(section.body, indentation: indentation) }
            return
        }
        guard value.isTruthy else { return }
        switch value {
        case .list(let items):
            for item in items {
                stack.append(item)
                defer { stack.removeLast() }
                try render(section.body, indentation: indentation)
            }
        case .bool:
            try render(section.body, indentation: indentation)
        default:
            stack.append(value)
            defer { stack.removeLast() }
            try render(section.body, indentation: indentation)
        }
    }

    private mutating func render(_ partial: PartialNode, indentation: String) throws(TemplateError) {
        guard partialDepth < Self.maximumPartialDepth else {
            throw partial.location.error(
                .render, "partials nested more than \(Self.maximumPartialDepth) deep (recursive partial?)"
            )
        }
        partialDepth += 1
        defer { partialDepth -= 1 }
        // As in the Mustache spec, only a standalone partial is indented, by its own
        // indentation on top of the current one.
        let inner = partial.standaloneIndentation.map { indentation + $0 } ?? ""
        try render(templates[partial.index].nodes, indentation: inner)
    }

    /// The value for `path`, nil if no context has it (an error in strict mode).
    private func lookUp(_ path: VariablePath, at location: SourceLocation) throws(TemplateError) -> TemplateValue? {
        guard let first = path.segments.first else { return stack[stack.count - 1] }
        var found: TemplateValue?
        var level = stack.count - 1
        while level >= 0 {
            if case .object(let fields) = stack[level], let value = fields[first] {
                found = value
                break
            }
            level -= 1
        }
        if var value = found {
            var isComplete = true
            for key in path.segments.dropFirst() {
                guard case .object(let fields) = value, let next = fields[key] else {
                    isComplete = false
                    break
                }
                value = next
            }
            if isComplete { return value }
        }
        guard !strict else {
            throw location.error(.render, "unknown variable '\(path)' (strict mode)")
        }
        return nil
    }
}

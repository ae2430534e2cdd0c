/// Renders a compiled template by walking its nodes and appending to one output buffer.
///
/// Values are looked up on a context stack following Mustache rules: the first key of a
/// name is searched from the innermost context outwards, the remaining keys descend from
/// there. Partials are rendered with the same stack, up to ``maximumPartialDepth`` deep,
/// and sections and partials together nest at most ``maximumNesting`` deep, so a recursive
/// partial fails with an error instead of overflowing the thread's stack.
struct TemplateRenderer: ~Copyable {
    static let maximumPartialDepth = 64
    static let maximumNesting = 256

    private let templates: [CompiledTemplate]
    private let strict: Bool
    private var stack: [TemplateValue]
    private var partialDepth = 0
    private var nesting = 0
    private(set) var output: OutputBuffer
    /// Where `.slot` values were printed, in output order; nil when slots are refused.
    private(set) var slots: [TemplateStencil.Slot]?

    init(templates: [CompiledTemplate], strict: Bool, context: [String: TemplateValue], capacity: Int, recordsSlots: Bool = false) {
        self.templates = templates
        self.strict = strict
        slots = recordsSlots ? [] : nil
        stack = [.object(context)]
        stack.reserveCapacity(8)
        output = OutputBuffer(capacity: capacity)
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
            output.append(text.bytes)
            return
        }
        output.append(text.lines[0])
        for line in text.lines.dropFirst() {
            output.append(indentation)
            output.append(line)
        }
    }

    private mutating func render(_ variable: VariableNode) throws(TemplateError) {
        guard let value = lookUp(variable.path) else {
            if strict { throw unknown(variable.path, at: variable.location) }
            return
        }
        switch value {
        case .string(let text):
            if variable.escaping == .url && !URLSanitizer.isAllowed(text) {
                output.append(URLSanitizer.blockedURL)
            } else {
                output.appendEscaped(text)
            }
        case .int(let number):
            output.append(String(number))
        case .bool(let flag):
            output.append(flag ? "true" : "false")
        case .null:
            break
        case .unsafeTrustedHTML(let html):
            output.append(html)
        case .slot(let id):
            guard slots != nil else {
                throw variable.location.error(.render, "variable '\(variable.path)' is a stencil slot; render it with renderStencil")
            }
            slots?.append(TemplateStencil.Slot(offset: output.count, id: id, checksURL: variable.escaping == .url))
        case .list:
            throw variable.location.error(.render, "variable '\(variable.path)' is a list and cannot be printed; use a section")
        case .object:
            throw variable.location.error(.render, "variable '\(variable.path)' is an object and cannot be printed; use a section")
        }
    }

    private mutating func render(_ section: SectionNode, indentation: String) throws(TemplateError) {
        guard nesting < Self.maximumNesting else { throw tooDeep(at: section.location) }
        nesting += 1
        defer { nesting -= 1 }
        guard let value = lookUp(section.path) else {
            if strict { throw unknown(section.path, at: section.location) }
            if section.isInverted { try render(section.body, indentation: indentation) }
            return
        }
        if section.isInverted {
            if !value.isTruthy { try render(section.body, indentation: indentation) }
            return
        }
        switch value {
        case .list(let items):
            for item in items {
                stack.append(item)
                defer { stack.removeLast() }
                try render(section.body, indentation: indentation)
            }
        case .bool(true):
            try render(section.body, indentation: indentation)
        case .bool(false), .null:
            break
        case .string(let text), .unsafeTrustedHTML(let text):
            guard !text.isEmpty else { return }
            stack.append(value)
            defer { stack.removeLast() }
            try render(section.body, indentation: indentation)
        case .int, .object, .slot:
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
        guard nesting < Self.maximumNesting else { throw tooDeep(at: partial.location) }
        partialDepth += 1
        nesting += 1
        defer {
            partialDepth -= 1
            nesting -= 1
        }
        // As in the Mustache spec, only a standalone partial is indented, by its own
        // indentation on top of the current one.
        let inner = partial.standaloneIndentation.map { indentation + $0 } ?? ""
        try render(templates[partial.index].nodes, indentation: inner)
    }

    /// The value for `path`, or nil if no context has it.
    private func lookUp(_ path: VariablePath) -> TemplateValue? {
        guard let first = path.first else { return stack[stack.count - 1] }
        var level = stack.count - 1
        while level >= 0 {
            if case .object(let fields) = stack[level], let value = fields[first] {
                return path.rest.isEmpty ? value : descend(from: value, through: path.rest)
            }
            level -= 1
        }
        return nil
    }

    /// Follows the keys after the first; a missing key ends the lookup (Mustache does not
    /// search outer contexts for the rest of a dotted name).
    private func descend(from value: TemplateValue, through keys: [String]) -> TemplateValue? {
        var value = value
        for key in keys {
            guard case .object(let fields) = value, let next = fields[key] else { return nil }
            value = next
        }
        return value
    }

    private func tooDeep(at location: SourceLocation) -> TemplateError {
        location.error(.render, "sections and partials nested more than \(Self.maximumNesting) deep")
    }

    private func unknown(_ path: VariablePath, at location: SourceLocation) -> TemplateError {
        location.error(.render, "unknown variable '\(path)' (strict mode)")
    }
}

/// Matches section, block and layout tags into a ``SyntaxNode`` tree.
///
/// Reports unclosed sections at their opening tag and mismatched closing tags at the
/// closing tag. Nesting is bounded so a hostile template cannot exhaust the stack of the
/// recursive compiler and renderer.
struct SyntaxTreeBuilder {
    static let maximumNesting = 100

    private enum FrameKind {
        case root
        case section(VariablePath, isInverted: Bool)
        case block
        case parent
    }

    private struct Frame {
        let kind: FrameKind
        let name: String
        let location: SourceLocation
        var indentation: String?
        var children: [SyntaxNode] = []
        var overrides: [String: SyntaxBlock] = [:]

        var isParent: Bool {
            if case .parent = kind { return true }
            return false
        }
    }

    private var stack: [Frame]

    private init(root: SourceLocation) {
        stack = [Frame(kind: .root, name: "", location: root)]
    }

    static func build(_ items: [LineItem], start: SourceLocation) throws(TemplateError) -> [SyntaxNode] {
        var builder = SyntaxTreeBuilder(root: start)
        for item in items { try builder.add(item) }
        return try builder.finish()
    }

    private mutating func add(_ item: LineItem) throws(TemplateError) {
        if stack[stack.count - 1].isParent {
            try addInsideParent(item)
            return
        }
        switch item {
        case .text(let text, let location):
            append(.text(text, location))
        case .lineStart:
            append(.lineStart)
        case .tag(let tag, let indentation):
            try add(tag, standaloneIndentation: indentation)
        }
    }

    /// Inside `{{<layout}}…{{/layout}}` only block overrides mean anything; anything else
    /// would silently vanish, so it is an error (whitespace and comments excepted).
    private mutating func addInsideParent(_ item: LineItem) throws(TemplateError) {
        switch item {
        case .lineStart:
            return
        case .text(let text, let location):
            guard text.utf8.allSatisfy({ $0 <= 0x20 }) else {
                throw location.error(.parse, "text inside {{<\(stack[stack.count - 1].name)}} is ignored; put it in a {{$block}}")
            }
        case .tag(let tag, let indentation):
            switch tag.kind {
            case .comment, .block, .close:
                try add(tag, standaloneIndentation: indentation)
            default:
                throw tag.location.error(
                    .parse,
                    "only {{$block}} overrides may appear directly inside {{<\(stack[stack.count - 1].name)}}"
                )
            }
        }
    }

    private mutating func append(_ node: SyntaxNode) {
        stack[stack.count - 1].children.append(node)
    }

    private mutating func push(
        _ kind: FrameKind, _ name: String, _ location: SourceLocation, indentation: String? = nil
    ) throws(TemplateError) {
        guard stack.count <= Self.maximumNesting else {
            throw location.error(.parse, "sections nested more than \(Self.maximumNesting) deep")
        }
        stack.append(Frame(kind: kind, name: name, location: location, indentation: indentation))
    }

    private mutating func add(_ tag: TemplateTag, standaloneIndentation: String?) throws(TemplateError) {
        switch tag.kind {
        case .comment:
            return
        case .variable(let path):
            append(.variable(path, tag.location))
        case .partial(let name):
            append(.partial(name: name, standaloneIndentation: standaloneIndentation, tag.location))
        case .section(let path):
            try push(.section(path, isInverted: false), path.description, tag.location)
        case .invertedSection(let path):
            try push(.section(path, isInverted: true), path.description, tag.location)
        case .block(let name):
            try push(.block, name, tag.location, indentation: standaloneIndentation)
        case .parent(let name):
            try push(.parent, name, tag.location)
        case .close(let name):
            try close(name, at: tag.location)
        }
    }

    private mutating func close(_ name: String, at location: SourceLocation) throws(TemplateError) {
        let frame = stack[stack.count - 1]
        if case .root = frame.kind {
            throw location.error(.parse, "closing tag '\(name)' has no open section")
        }
        guard frame.name == name else {
            throw location.error(
                .parse,
                "closing tag '\(name)' does not match the open section '\(frame.name)' (opened at \(frame.location.lineAndColumn))"
            )
        }
        stack.removeLast()
        switch frame.kind {
        case .root:
            break
        case .section(let path, let isInverted):
            append(
                .section(
                    SyntaxSection(
                        path: path, isInverted: isInverted, children: frame.children,
                        location: frame.location, closeLocation: location
                    )))
        case .block:
            let block = SyntaxBlock(
                name: name, indentation: frame.indentation, children: frame.children,
                location: frame.location, closeLocation: location
            )
            if stack[stack.count - 1].isParent {
                guard stack[stack.count - 1].overrides[name] == nil else {
                    throw frame.location.error(.parse, "block '\(name)' is overridden twice")
                }
                stack[stack.count - 1].overrides[name] = block
            } else {
                append(.block(block))
            }
        case .parent:
            append(.parent(SyntaxParent(name: name, overrides: frame.overrides, location: frame.location)))
        }
    }

    private func finish() throws(TemplateError) -> [SyntaxNode] {
        let frame = stack[stack.count - 1]
        switch frame.kind {
        case .root: return frame.children
        case .section: throw frame.location.error(.parse, "unclosed section '\(frame.name)'")
        case .block: throw frame.location.error(.parse, "unclosed block '\(frame.name)'")
        case .parent: throw frame.location.error(.parse, "unclosed layout tag '\(frame.name)'")
        }
    }
}

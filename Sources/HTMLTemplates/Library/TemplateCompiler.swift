/// Turns syntax trees into render trees, deciding each variable's escaping from the HTML
/// around it, resolving partials to indices and expanding layouts.
///
/// Every template is compiled once, standalone, from the HTML data state. A page that
/// uses `{{<layout}}` gets its own copy of the layout with the page's blocks compiled in
/// place, in the HTML context the layout declares each block in.
struct TemplateCompiler {
    static let maximumLayoutDepth = 16
    /// Node visits allowed per template. Sections can be compiled more than once (see
    /// ``compileBody``) and layouts are expanded per page, so a contrived template could
    /// otherwise make start-up take very long; real templates need a few thousand.
    static let maximumWork = 1_000_000

    private let syntax: [String: SyntaxTemplate]
    private let indexByName: [String: Int]
    private var tokenizer = HTMLTokenizer()
    /// Where the markup the tokenizer is currently inside began, for "never closed" errors.
    private var markupStart: SourceLocation?
    /// Templates whose layout expansion is in progress, outermost first (cycle detection).
    private var layoutChain: [String] = []
    /// Block names met while expanding the innermost layout, to reject unknown overrides.
    private var declaredBlocks: Set<String> = []
    /// While compiling an override of a block that stands on its own indented line in the
    /// layout: the indentation to remove from each line of the override (that of the
    /// override's own tag) and the layout's indentation to put there instead.
    private var reindentation: (remove: String, add: String)?
    /// A line of a re-indented override has started and its indentation is not out yet.
    private var isLineIndentPending = false
    private var work = 0

    init(syntax: [String: SyntaxTemplate], indexByName: [String: Int]) {
        self.syntax = syntax
        self.indexByName = indexByName
    }

    mutating func compile(_ template: SyntaxTemplate) throws(TemplateError) -> [Node] {
        tokenizer = HTMLTokenizer()
        markupStart = nil
        layoutChain = [template.name]
        declaredBlocks = []
        work = 0
        var builder = NodeListBuilder()
        try compile(template.nodes, overrides: [:], into: &builder)
        guard tokenizer.isPlainData else {
            let location = markupStart ?? template.endLocation
            throw location.error(
                .parse, "markup never closed: the template ends inside \(tokenizer.placeDescription)"
            )
        }
        return builder.finish()
    }

    private mutating func compile(
        _ nodes: [SyntaxNode], overrides: [String: SyntaxBlock], into builder: inout NodeListBuilder
    ) throws(TemplateError) {
        work += nodes.count
        if work > Self.maximumWork, let location = nodes.lazy.compactMap(\.location).first {
            throw location.error(.parse, "the template is too complex to check (sections and layouts nest too much)")
        }
        for node in nodes {
            if isLineIndentPending, let reindentation {
                isLineIndentPending = false
                if case .text(let text, var location) = node, text.hasPrefix(reindentation.remove) {
                    try emit(reindentation.add, at: location, into: &builder)
                    location.column += reindentation.remove.unicodeScalars.count
                    try emit(String(text.dropFirst(reindentation.remove.count)), at: location, into: &builder)
                    continue
                }
                try emit(reindentation.add, at: nil, into: &builder)
            }
            switch node {
            case .text(let text, let location):
                try emit(text, at: location, into: &builder)
            case .lineStart:
                builder.appendLineStart()
                isLineIndentPending = reindentation != nil
            case .variable(let path, let location):
                let escaping: Escaping
                do {
                    escaping = try tokenizer.placeVariable()
                } catch {
                    let hint = error.wantsPlacementHint ? "; \(HTMLTokenizer.variablePlacementHint)" : ""
                    throw location.error(.parse, "variable '\(path)' is \(error.message)\(hint)")
                }
                builder.append(.variable(VariableNode(path: path, escaping: escaping, location: location)))
            case .section(let section):
                let body = try compileBody(
                    section.children, overrides: overrides, what: "section '\(section.path)'",
                    opening: section.location, closing: section.closeLocation
                )
                builder.append(
                    .section(
                        SectionNode(
                            path: section.path, isInverted: section.isInverted, body: body, location: section.location
                        )))
            case .partial(let name, let indentation, let location):
                guard let index = indexByName[name] else {
                    throw location.error(.missingTemplate, "unknown partial '\(name)'")
                }
                try requirePlainData(for: "partial '\(name)'", at: location)
                let reindented = indentation.map { indentation in
                    // A standalone partial's line was removed, so re-indent the partial itself.
                    guard let reindentation else { return indentation }
                    let own =
                        indentation.hasPrefix(reindentation.remove)
                        ? String(indentation.dropFirst(reindentation.remove.count)) : indentation
                    return reindentation.add + own
                }
                builder.append(.partial(PartialNode(index: index, standaloneIndentation: reindented, location: location)))
            case .block(let block):
                try compile(block, overrides: overrides, into: &builder)
            case .parent(let parent):
                try expand(parent, overrides: overrides, into: &builder)
            }
        }
    }

    /// Outputs literal text after checking it with the tokenizer. Generated whitespace
    /// has no location; whitespace never makes the tokenizer object.
    private mutating func emit(
        _ text: String, at location: SourceLocation?, into builder: inout NodeListBuilder
    ) throws(TemplateError) {
        if let location {
            try feed(text, at: location)
        } else {
            for byte in text.utf8 { try? tokenizer.consume(byte) }
        }
        builder.appendText(text)
    }

    /// Feeds literal text to the tokenizer, turning its objections into parse errors at
    /// the offending byte.
    private mutating func feed(_ text: String, at location: SourceLocation) throws(TemplateError) {
        var position = location
        position.column -= 1
        for byte in text.utf8 {
            if byte & 0xC0 != 0x80 { position.column += 1 }
            if byte == UInt8(ascii: "<"), tokenizer.state == .data { markupStart = position }
            do {
                try tokenizer.consume(byte)
            } catch {
                throw position.error(.parse, error.message)
            }
        }
    }

    /// Compiles a section or block body; see `HTMLTokenizer+Sections` for why the state
    /// at its end must match (or merge with) the state at its start.
    private mutating func compileBody(
        _ children: [SyntaxNode], overrides: [String: SyntaxBlock], what: String,
        opening: SourceLocation, closing: SourceLocation
    ) throws(TemplateError) -> [Node] {
        var start = tokenizer.normalizedAtSectionBoundary()
        let indentPendingAtStart = isLineIndentPending
        // A body is compiled again from the merged state when its end widened the state,
        // because a repeated body starts where the previous repetition ended.
        for _ in 0..<4 {
            tokenizer = start
            isLineIndentPending = indentPendingAtStart
            var body = NodeListBuilder()
            try compile(children, overrides: overrides, into: &body)
            guard let merged = HTMLTokenizer.merged(start, tokenizer) else { break }
            if merged == start {
                tokenizer = merged
                return body.finish()
            }
            start = merged
        }
        throw closing.error(
            .parse,
            "\(what) starts in \(start.placeDescription) (at \(opening.lineAndColumn)) but ends in "
                + "\(tokenizer.placeDescription); a section must end in the HTML context it starts in"
        )
    }

    private func requirePlainData(for what: String, at location: SourceLocation) throws(TemplateError) {
        guard tokenizer.isPlainData else {
            throw location.error(
                .parse, "\(what) is included inside \(tokenizer.placeDescription); partials and layouts may only be used in text"
            )
        }
    }

    /// `{{$name}}`: the most derived override if there is one, else the default content.
    private mutating func compile(
        _ block: SyntaxBlock, overrides: [String: SyntaxBlock], into builder: inout NodeListBuilder
    ) throws(TemplateError) {
        declaredBlocks.insert(block.name)
        var body = block
        var inner = overrides
        let outerReindentation = reindentation
        defer { reindentation = outerReindentation }
        if let override = overrides[block.name] {
            body = override
            // A block of the same name inside the override shows its own default.
            inner[block.name] = nil
            if let layoutIndentation = block.indentation {
                reindentation = (override.indentation ?? "", layoutIndentation)
            }
        }
        let nodes = try compileBody(
            body.children, overrides: inner, what: "block '\(block.name)'",
            opening: body.location, closing: body.closeLocation
        )
        builder.append(contentsOf: nodes)
    }

    /// `{{<layout}}…{{/layout}}`: the layout's nodes with these overrides, where overrides
    /// from further down the inheritance chain (already in `overrides`) win.
    private mutating func expand(
        _ parent: SyntaxParent, overrides: [String: SyntaxBlock], into builder: inout NodeListBuilder
    ) throws(TemplateError) {
        guard let layout = syntax[parent.name] else {
            throw parent.location.error(.missingTemplate, "unknown layout '\(parent.name)'")
        }
        try requirePlainData(for: "layout '\(parent.name)'", at: parent.location)
        guard !layoutChain.contains(parent.name) else {
            let cycle = (layoutChain + [parent.name]).joined(separator: " → ")
            throw parent.location.error(.parse, "layout cycle: \(cycle)")
        }
        guard layoutChain.count < Self.maximumLayoutDepth else {
            throw parent.location.error(.parse, "layouts nested more than \(Self.maximumLayoutDepth) deep")
        }
        let outerDeclared = declaredBlocks
        declaredBlocks = []
        layoutChain.append(parent.name)
        try compile(layout.nodes, overrides: parent.overrides.merging(overrides) { _, derived in derived }, into: &builder)
        layoutChain.removeLast()
        for (name, block) in parent.overrides.sorted(by: { $0.key < $1.key }) where !declaredBlocks.contains(name) {
            throw block.location.error(.parse, "layout '\(parent.name)' has no block '\(name)'")
        }
        declaredBlocks.formUnion(outerDeclared)
    }
}

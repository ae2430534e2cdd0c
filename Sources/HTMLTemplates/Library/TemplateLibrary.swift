/// A set of Mustache-style HTML templates, parsed, checked and linked once at start-up.
///
/// Every template is parsed into an immutable node tree when the library is created, and
/// every partial and layout reference is resolved then, so a typo in a template fails
/// start-up with a file, line and column instead of failing a request later. Escaping is
/// decided at the same time from the HTML around each variable: text and quoted attribute
/// values are HTML-escaped, URL attributes also refuse `javascript:` and similar schemes,
/// and variables anywhere escaping cannot make safe (scripts, styles, event handlers,
/// unquoted attributes, tag and attribute names, comments) are parse errors.
///
/// Layout blocks are compiled in the HTML context where the layout declares them (a
/// `{{$title}}` inside `<title>` is title text). Rendering walks the precompiled tree into
/// one byte buffer; ``renderUTF8(_:_:)`` hands those bytes over without building a
/// `String`, which is the faster choice for HTTP response bodies.
///
/// The library is a value and `Sendable`: build it once and render from any thread.
package struct TemplateLibrary: Sendable {
    private let templates: [CompiledTemplate]
    private let indexByName: [String: Int]
    /// Whether rendering an unknown variable or section name is an error (for tests)
    /// rather than printing nothing.
    package let strict: Bool

    /// Loads every `*.html` under `directory` (recursively; name = relative path without
    /// `.html`, e.g. "partials/avatar"). Refuses dotfiles and symlinks that leave the directory.
    package init(directory: String, strict: Bool = false) throws(TemplateError) {
        try self.init(loading: TemplateDirectory.load(directory), strict: strict)
    }

    /// From in-memory sources, name → source (tests).
    package init(sources: [String: String], strict: Bool = false) throws(TemplateError) {
        var loaded: [TemplateSource] = []
        for (name, text) in sources {
            guard TemplateName.isValid(name) else {
                throw TemplateError(
                    kind: .io, template: name, file: name,
                    message: "invalid template name: use a relative path of letters, digits, '-', '_' and '.'"
                )
            }
            loaded.append(TemplateSource(name: name, file: "\(name).html", text: text))
        }
        try self.init(loading: loaded, strict: strict)
    }

    private init(loading sources: [TemplateSource], strict: Bool) throws(TemplateError) {
        let sources = sources.sorted { $0.name < $1.name }
        var syntax: [String: SyntaxTemplate] = [:]
        var indexByName: [String: Int] = [:]
        for (index, source) in sources.enumerated() {
            syntax[source.name] = try Self.parse(source)
            indexByName[source.name] = index
        }
        var compiler = TemplateCompiler(syntax: syntax, indexByName: indexByName)
        var templates: [CompiledTemplate] = []
        for source in sources {
            guard let parsed = syntax[source.name] else { continue }
            let nodes = try compiler.compile(parsed)
            templates.append(
                CompiledTemplate(
                    name: source.name, file: source.file, nodes: nodes,
                    literalSize: nodes.literalSize, sizeHint: OutputSizeHint()
                ))
        }
        self.templates = templates
        self.indexByName = indexByName
        self.strict = strict
    }

    private static func parse(_ source: TemplateSource) throws(TemplateError) -> SyntaxTemplate {
        let (tokens, end) = try TemplateScanner.scan(source.text, template: source.name, file: source.file)
        let start = SourceLocation(template: source.name, file: source.file, line: 1, column: 1)
        let nodes = try SyntaxTreeBuilder.build(StandaloneLines.apply(tokens), start: start)
        return SyntaxTemplate(name: source.name, file: source.file, nodes: nodes, endLocation: end)
    }

    /// The names of all templates, sorted.
    package var names: [String] {
        templates.map(\.name)
    }

    package func contains(_ name: String) -> Bool {
        indexByName[name] != nil
    }

    /// Renders the template `name` with `context` as the outermost context.
    package func render(_ name: String, _ context: [String: TemplateValue]) throws(TemplateError) -> String {
        var noSlots: [TemplateStencil.Slot]?
        return try withRenderedOutput(name, context, slots: &noSlots) { $0.string() }
    }

    /// Renders like ``render(_:_:)`` but returns the UTF-8 bytes, for response bodies:
    /// it skips the UTF-8 validation that making a `String` costs (a fifth of the
    /// rendering time for a page with any non-ASCII text) and the conversion back.
    package func renderUTF8(_ name: String, _ context: [String: TemplateValue]) throws(TemplateError) -> [UInt8] {
        var noSlots: [TemplateStencil.Slot]?
        return try withRenderedOutput(name, context, slots: &noSlots) { $0.bytes() }
    }

    /// Renders `name` once with `.slot` values standing for strings not known yet, and
    /// returns the output with holes where they were printed: filling it
    /// (``TemplateStencil/fill(_:)``) gives exactly what rendering with those strings
    /// would, at the cost of copying bytes. For pages rendered again and again with a few
    /// values that differ per request (a visitor's seen rings, a form token).
    ///
    /// Exact only when each slot stands for a non-empty string, which tests as true just
    /// as the slot did; a value that a section tests or loops over cannot be a slot.
    package func renderStencil(_ name: String, _ context: [String: TemplateValue]) throws(TemplateError) -> TemplateStencil {
        var slots: [TemplateStencil.Slot]? = []
        let bytes = try withRenderedOutput(name, context, slots: &slots) { $0.bytes() }
        return TemplateStencil(bytes: bytes, slots: slots ?? [])
    }

    /// Renders `name`; `slots` non-nil makes `.slot` values allowed and records them there.
    private func withRenderedOutput<Result>(
        _ name: String, _ context: [String: TemplateValue], slots: inout [TemplateStencil.Slot]?,
        _ finish: (borrowing OutputBuffer) -> Result
    ) throws(TemplateError) -> Result {
        guard let index = indexByName[name] else {
            throw TemplateError(kind: .missingTemplate, template: name, file: name, message: "no template named '\(name)'")
        }
        let template = templates[index]
        var renderer = TemplateRenderer(
            templates: templates, strict: strict, context: context,
            capacity: max(template.sizeHint.value, template.literalSize + 1024), recordsSlots: slots != nil
        )
        try renderer.render(template.nodes, indentation: "")
        template.sizeHint.record(renderer.output.count)
        slots = renderer.slots
        return finish(renderer.output)
    }
}

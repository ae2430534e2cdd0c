/// Sections make the literal text a template produces depend on data: a section body may
/// be skipped, or repeated. The compiler therefore requires every section to end in the
/// state it starts in, so the text after it is tokenized the same way on every path.
///
/// One relaxation keeps the usual idioms working, such as
/// `<input type="checkbox"{{#checked}} checked{{/checked}}>`: between attributes of a start
/// tag, the states "just after a tag name, attribute name or value, or whitespace" are
/// merged into ``HTMLState/attributeBoundary(_:canExtendName:)``. From there, whitespace,
/// `/` and `>` mean the same on every path and `=` (which may or may not give the previous
/// attribute a value) is refused. When a name may still be open, a name byte may extend it
/// (`on` + `click`, or `checked` twice from a repeated section): the attribute's real name
/// is then unknown, so it may have a literal value but no variable in it.
extension HTMLTokenizer {
    /// The state to compile a section body from, and to compare its end state with.
    func normalizedAtSectionBoundary() -> HTMLTokenizer {
        let normalized: HTMLState
        switch state {
        case .tagName(let tag) where !tag.isEnd:
            normalized = .attributeBoundary(tag, canExtendName: true)
        case .attributeName(let tag, _):
            normalized = .attributeBoundary(tag, canExtendName: true)
        case .beforeAttributeName(let tag), .afterAttributeName(let tag, _), .afterAttributeValueQuoted(let tag):
            normalized = .attributeBoundary(tag, canExtendName: false)
        default:
            normalized = state
        }
        return HTMLTokenizer(state: normalized, foreignDepth: foreignDepth)
    }

    /// A state that covers both `first` and `second`, or nil if no single state can.
    static func merged(_ first: HTMLTokenizer, _ second: HTMLTokenizer) -> HTMLTokenizer? {
        if first == second { return first }
        let first = first.normalizedAtSectionBoundary()
        let second = second.normalizedAtSectionBoundary()
        guard first.foreignDepth == second.foreignDepth else { return nil }
        switch (first.state, second.state) {
        case (.attributeBoundary(let tag, let extendsFirst), .attributeBoundary(let other, let extendsSecond))
        where tag == other:
            return HTMLTokenizer(
                state: .attributeBoundary(tag, canExtendName: extendsFirst || extendsSecond),
                foreignDepth: first.foreignDepth
            )
        case (.quotedAttributeValue(let tag, var attribute), .quotedAttributeValue(let otherTag, let other))
        where tag == otherTag && attribute.name == other.name && attribute.quote == other.quote:
            attribute.url = URLPhase.merged(attribute.url, other.url)
            return HTMLTokenizer(state: .quotedAttributeValue(tag, attribute), foreignDepth: first.foreignDepth)
        default:
            return first == second ? first : nil
        }
    }

    /// See the type's discussion: only bytes that mean the same on every merged path.
    mutating func consumeAtBoundary(_ byte: UInt8, tag: HTMLTag, canExtendName: Bool) throws(Problem) {
        if byte.isHTMLSpace {
            state = .attributeBoundary(tag, canExtendName: false)
        } else if byte == UInt8(ascii: "/") {
            state = .selfClosingStartTag(tag)
        } else if byte == UInt8(ascii: ">") {
            state = .afterAttributeName(tag, name: "")
            try consume(byte)
        } else if byte == UInt8(ascii: "=") {
            throw Problem(
                message: "'=' after a section tag inside <\(tag.name)> is ambiguous; put the whole attribute inside the section"
            )
        } else {
            state = .attributeName(tag, name: (canExtendName ? AttributeKind.unknownNamePrefix : "") + byte.nameText)
        }
    }
}

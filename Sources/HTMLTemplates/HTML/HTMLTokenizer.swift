/// The HTML tokenizer state of a template's literal text, advanced one byte at a time.
///
/// The compiler feeds every literal byte of a template through this machine once, at
/// start-up, and asks it at each variable whether the variable may appear there and how it
/// must be escaped (``placeVariable()``). It follows the WHATWG tokenizer for everything
/// that moves between text, markup, attribute values, comments and raw text. Only ASCII
/// bytes change state; other bytes are name or text bytes, as in a browser.
struct HTMLTokenizer: Equatable, Sendable {
    /// Thrown for literal text the tokenizer refuses to reason about.
    struct Problem: Error {
        let message: String
        /// Whether a "variables may appear only in …" hint would help.
        var wantsPlacementHint = true
    }

    /// Set only by this type and its extensions (split across files by concern).
    var state: HTMLState = .data
    /// Open `<svg>`/`<math>` elements: inside them `<title>` and `<textarea>` are ordinary
    /// elements, not text-only ones.
    private(set) var foreignDepth = 0

    init() {}

    init(state: HTMLState, foreignDepth: Int) {
        self.state = state
        self.foreignDepth = foreignDepth
    }

    /// In ordinary HTML text, where partials and layouts may be included.
    var isPlainData: Bool { state == .data && foreignDepth == 0 }

    mutating func consume(_ byte: UInt8) throws(Problem) {
        switch state {
        case .data:
            if byte == UInt8(ascii: "<") { state = .tagOpen }
        case .plaintext:
            break
        case .bogusComment:
            if byte == UInt8(ascii: ">") { state = .data }
        case .rcdata(let element, let progress):
            try consumeRawText(byte, element: element, progress: progress, isRCDATA: true)
        case .rawText(let element, let progress):
            try consumeRawText(byte, element: element, progress: progress, isRCDATA: false)
        case .tagOpen:
            if byte == UInt8(ascii: "!") {
                state = .markupDeclarationOpen("")
            } else if byte == UInt8(ascii: "/") {
                state = .endTagOpen
            } else if byte.isASCIILetter {
                state = .tagName(HTMLTag(name: byte.nameText, isEnd: false))
            } else if byte == UInt8(ascii: "?") {
                state = .bogusComment
            } else {
                state = .data
                try consume(byte)
            }
        case .endTagOpen:
            if byte.isASCIILetter {
                state = .tagName(HTMLTag(name: byte.nameText, isEnd: true))
            } else {
                state = byte == UInt8(ascii: ">") ? .data : .bogusComment
            }
        case .tagName(var tag):
            if byte.isHTMLSpace {
                state = .beforeAttributeName(tag)
            } else if byte == UInt8(ascii: "/") {
                state = .selfClosingStartTag(tag)
            } else if byte == UInt8(ascii: ">") {
                emit(tag, selfClosing: false)
            } else {
                tag.name += byte.nameText
                state = .tagName(tag)
            }
        case .beforeAttributeName(let tag):
            if byte.isHTMLSpace { return }
            if byte == UInt8(ascii: "/") || byte == UInt8(ascii: ">") {
                state = .afterAttributeName(tag, name: "")
                try consume(byte)
            } else {
                state = .attributeName(tag, name: byte.nameText)
            }
        case .attributeName(let tag, let name):
            if byte.isHTMLSpace || byte == UInt8(ascii: "/") || byte == UInt8(ascii: ">") {
                state = .afterAttributeName(tag, name: name)
                if !byte.isHTMLSpace { try consume(byte) }
            } else if byte == UInt8(ascii: "=") {
                state = .beforeAttributeValue(tag, name: name)
            } else {
                state = .attributeName(tag, name: name + byte.nameText)
            }
        case .afterAttributeName(let tag, let name):
            consumeBetweenAttributes(byte, tag: tag, valueFor: name)
        case .beforeAttributeValue(let tag, let name):
            if byte.isHTMLSpace { return }
            if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'") {
                let kind = AttributeKind(element: tag.name, attribute: name)
                state = .quotedAttributeValue(tag, QuotedAttribute(name: name, quote: byte, kind: kind, url: .start))
            } else if byte == UInt8(ascii: ">") {
                emit(tag, selfClosing: false)
            } else {
                state = .unquotedAttributeValue(tag, name: name)
            }
        case .quotedAttributeValue(let tag, var attribute):
            if byte == attribute.quote {
                state = .afterAttributeValueQuoted(tag)
            } else if case .url(let isList) = attribute.kind {
                attribute.url.consumeLiteral(byte, isList: isList)
                state = .quotedAttributeValue(tag, attribute)
            }
        case .unquotedAttributeValue(let tag, _):
            if byte.isHTMLSpace {
                state = .beforeAttributeName(tag)
            } else if byte == UInt8(ascii: ">") {
                emit(tag, selfClosing: false)
            }
        case .afterAttributeValueQuoted(let tag):
            if byte.isHTMLSpace {
                state = .beforeAttributeName(tag)
            } else if byte == UInt8(ascii: "/") {
                state = .selfClosingStartTag(tag)
            } else if byte == UInt8(ascii: ">") {
                emit(tag, selfClosing: false)
            } else {
                state = .beforeAttributeName(tag)
                try consume(byte)
            }
        case .selfClosingStartTag(let tag):
            if byte == UInt8(ascii: ">") {
                emit(tag, selfClosing: true)
            } else {
                state = .beforeAttributeName(tag)
                try consume(byte)
            }
        case .attributeBoundary(let tag, let canExtendName):
            try consumeAtBoundary(byte, tag: tag, canExtendName: canExtendName)
        case .markupDeclarationOpen(let seen):
            consumeMarkupDeclaration(byte, seen: seen + byte.nameText)
        case .comment(let phase):
            consumeComment(byte, phase: phase)
        case .cdata(let brackets):
            if byte == UInt8(ascii: "]") {
                state = .cdata(closingBrackets: min(brackets + 1, 2))
            } else {
                state = byte == UInt8(ascii: ">") && brackets == 2 ? .data : .cdata(closingBrackets: 0)
            }
        }
    }

    /// After an attribute name (and whitespace): `=` starts its value, anything else a new
    /// attribute or the end of the tag.
    private mutating func consumeBetweenAttributes(_ byte: UInt8, tag: HTMLTag, valueFor name: String) {
        if byte.isHTMLSpace { return }
        switch byte {
        case UInt8(ascii: "/"): state = .selfClosingStartTag(tag)
        case UInt8(ascii: "="): state = .beforeAttributeValue(tag, name: name)
        case UInt8(ascii: ">"): emit(tag, selfClosing: false)
        default: state = .attributeName(tag, name: byte.nameText)
        }
    }

    private mutating func consumeMarkupDeclaration(_ byte: UInt8, seen: String) {
        let cdataAllowed = foreignDepth > 0
        if seen == "--" {
            state = .comment(.start)
        } else if cdataAllowed && seen == "[CDATA[" {
            state = .cdata(closingBrackets: 0)
        } else if "--".hasPrefix(seen) || (cdataAllowed && "[CDATA[".hasPrefix(seen)) {
            state = .markupDeclarationOpen(seen)
        } else {
            // Doctypes, `<!foo>` and `<?…>` all end at the first `>`.
            state = byte == UInt8(ascii: ">") ? .data : .bogusComment
        }
    }

    private mutating func consumeComment(_ byte: UInt8, phase: CommentPhase) {
        let dash = byte == UInt8(ascii: "-")
        let greaterThan = byte == UInt8(ascii: ">")
        switch phase {
        case .start: state = dash ? .comment(.startDash) : greaterThan ? .data : .comment(.body)
        case .startDash: state = dash ? .comment(.end) : greaterThan ? .data : .comment(.body)
        case .body: state = dash ? .comment(.endDash) : .comment(.body)
        case .endDash: state = dash ? .comment(.end) : .comment(.body)
        case .end:
            if greaterThan {
                state = .data
            } else if byte == UInt8(ascii: "!") {
                state = .comment(.endBang)
            } else if !dash {
                state = .comment(.body)
            }
        case .endBang: state = dash ? .comment(.endDash) : greaterThan ? .data : .comment(.body)
        }
    }

    /// A tag ends: decide what its content is. End tags and foreign roots only adjust the
    /// foreign-content depth.
    private mutating func emit(_ tag: HTMLTag, selfClosing: Bool) {
        state = .data
        let isForeignRoot = tag.name == "svg" || tag.name == "math"
        if tag.isEnd {
            if isForeignRoot && foreignDepth > 0 { foreignDepth -= 1 }
            return
        }
        if isForeignRoot {
            if !selfClosing { foreignDepth += 1 }
            return
        }
        if foreignDepth > 0 {
            // SVG <script> and <style> are tokenized as markup by browsers, but their text is
            // still script and CSS; treating them as raw text keeps variables out.
            if !selfClosing && (tag.name == "script" || tag.name == "style") {
                state = .rawText(element: tag.name, progress: .none)
            }
            return
        }
        switch tag.name {
        case "script", "style", "xmp", "iframe", "noembed", "noframes", "noscript":
            state = .rawText(element: tag.name, progress: .none)
        case "title", "textarea":
            state = .rcdata(element: tag.name, progress: .none)
        case "plaintext":
            state = .plaintext
        default:
            break
        }
    }
}

extension UInt8 {
    /// The WHATWG "ASCII whitespace" that separates attributes.
    var isHTMLSpace: Bool {
        self == 0x20 || self == 0x09 || self == 0x0A || self == 0x0C || self == 0x0D
    }

    var isASCIILetter: Bool {
        (self >= UInt8(ascii: "a") && self <= UInt8(ascii: "z")) || (self >= UInt8(ascii: "A") && self <= UInt8(ascii: "Z"))
    }

    /// This byte as part of a tag or attribute name: ASCII lowercased, as browsers do;
    /// other bytes become U+FFFD, which keeps them distinct from every name that matters.
    var nameText: String {
        if self >= 0x80 { return "\u{FFFD}" }
        let lower = self >= UInt8(ascii: "A") && self <= UInt8(ascii: "Z") ? self + 32 : self
        return String(Unicode.Scalar(lower))
    }
}

/// A WHATWG HTML tokenizer state, reduced to what decides how a variable may be escaped.
///
/// Tag and attribute names are kept (lowercased) so variables can be classified; the
/// doctype states and character references are folded away because they never change
/// where a variable may appear. ``attributeBoundary(_:canExtendName:)`` does not exist in
/// HTML: it stands for "somewhere between attributes" after a section tag inside a start
/// tag, where the paths through the section differ (see `HTMLTokenizer+Sections`).
enum HTMLState: Equatable, Sendable {
    case data
    /// Inside `<title>` or `<textarea>`: text, where only the matching end tag is markup.
    case rcdata(element: String, progress: RawTextProgress)
    /// Inside `<script>`, `<style>` and similar: nothing is markup until the end tag.
    case rawText(element: String, progress: RawTextProgress)
    case plaintext
    case tagOpen
    case endTagOpen
    case tagName(HTMLTag)
    case beforeAttributeName(HTMLTag)
    case attributeName(HTMLTag, name: String)
    case afterAttributeName(HTMLTag, name: String)
    case beforeAttributeValue(HTMLTag, name: String)
    case quotedAttributeValue(HTMLTag, QuotedAttribute)
    case unquotedAttributeValue(HTMLTag, name: String)
    case afterAttributeValueQuoted(HTMLTag)
    case selfClosingStartTag(HTMLTag)
    case attributeBoundary(HTMLTag, canExtendName: Bool)
    /// After `<!`, with what followed so far (to recognise `--` and `[CDATA[`).
    case markupDeclarationOpen(String)
    case comment(CommentPhase)
    case bogusComment
    case cdata(closingBrackets: Int)
}

/// The tag being tokenized.
struct HTMLTag: Equatable, Sendable {
    var name: String
    var isEnd: Bool
}

/// A quoted attribute value being tokenized, with what a variable inside it needs.
struct QuotedAttribute: Equatable, Sendable {
    let name: String
    let quote: UInt8
    let kind: AttributeKind
    var url: URLPhase
}

/// How far a possible end tag (`</script`) or, in scripts, `<!--` has been seen inside
/// raw text or RCDATA.
enum RawTextProgress: Equatable, Sendable {
    case none
    case lessThan
    /// `</` followed by this many matching bytes of the element name.
    case endTag(matched: Int)
    /// `<!` followed by this many dashes (0 or 1).
    case bang(dashes: Int)
}

/// Where inside `<!-- … -->` the tokenizer is, following the WHATWG comment states.
enum CommentPhase: Equatable, Sendable {
    case start, startDash, body, endDash, end, endBang
}

/// How a variable's value is made safe where it appears.
enum Escaping: Sendable, Equatable {
    /// HTML-escape `& < > " '`: correct in text and in quoted attribute values.
    case html
    /// Replace URLs with a disallowed scheme, then HTML-escape.
    case url
}

extension HTMLTokenizer {
    /// The hint every "variable not allowed here" error ends with.
    static let variablePlacementHint = "variables may appear only in text and in quoted attribute values"

    /// Decides how a variable at the current position is escaped, or throws a problem
    /// saying where it is ("inside <script>"). Updates URL tracking for the text after it.
    mutating func placeVariable() throws(Problem) -> Escaping {
        switch state {
        case .data, .rcdata(_, .none):
            return .html
        case .quotedAttributeValue(let tag, var attribute):
            switch attribute.kind {
            case .plain:
                return .html
            case .forbidden(let what):
                throw Problem(message: "inside \(what)")
            case .url:
                if case .blocked(let reason) = attribute.url {
                    throw Problem(message: reason, wantsPlacementHint: false)
                }
                let checksScheme = attribute.url.noteVariable()
                state = .quotedAttributeValue(tag, attribute)
                return checksScheme ? .url : .html
            }
        case .unquotedAttributeValue, .beforeAttributeValue:
            throw Problem(message: "in an unquoted attribute value (quote it: name=\"{{…}}\")")
        default:
            throw Problem(message: "inside \(placeDescription)")
        }
    }

    /// Where the tokenizer is, in words, for error messages.
    var placeDescription: String {
        switch state {
        case .data: return foreignDepth > 0 ? "<svg> or <math> content" : "text"
        case .rcdata(let element, .none): return "the text of <\(element)>"
        case .rcdata(let element, _): return "a possible end tag inside <\(element)>"
        case .rawText(let element, _): return "<\(element)>"
        case .plaintext: return "<plaintext>"
        case .tagOpen, .endTagOpen, .tagName: return "a tag name"
        case .beforeAttributeName(let tag), .attributeName(let tag, _), .afterAttributeName(let tag, _),
            .afterAttributeValueQuoted(let tag), .selfClosingStartTag(let tag), .attributeBoundary(let tag, _):
            return "the attribute list of <\(tag.name)> (an attribute name)"
        case .beforeAttributeValue(_, let name), .unquotedAttributeValue(_, let name):
            return "the unquoted value of attribute '\(name)'"
        case .quotedAttributeValue(_, let attribute):
            return "the value of attribute '\(attribute.name.replacing(AttributeKind.unknownNamePrefix, with: "…"))'"
        case .markupDeclarationOpen, .comment, .bogusComment: return "an HTML comment"
        case .cdata: return "a CDATA section"
        }
    }
}

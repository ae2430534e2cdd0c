/// A value a template can print, test or iterate.
///
/// Templates receive typed values rather than `Any`, so rendering never reflects over
/// arbitrary objects and every printable value has one obvious text form. Strings are
/// HTML-escaped (and URL-checked where the template puts them in a URL); the only way to
/// emit markup is ``unsafeTrustedHTML(_:)``, named so that it stands out in review.
package indirect enum TemplateValue: Sendable, Equatable {
    case string(String)
    case int(Int)
    case bool(Bool)
    case list([TemplateValue])
    case object([String: TemplateValue])
    case null
    /// The one escape hatch: emitted without escaping. Loudly named on purpose.
    case unsafeTrustedHTML(String)
    /// A hole in a stencil (``TemplateLibrary/renderStencil(_:_:)``), filled with a string
    /// later, escaped as where it stands. It tests as true, like the non-empty string it
    /// stands for; plain rendering refuses it.
    case slot(Int)
}

extension TemplateValue {
    /// Whether `{{#name}}` renders its body (and `{{^name}}` skips it).
    ///
    /// `false`, `null`, the empty list and the empty string are falsy; every `Int`,
    /// including 0, is truthy, so a count prints even when it is zero.
    var isTruthy: Bool {
        switch self {
        case .bool(let flag): flag
        case .null: false
        case .list(let items): !items.isEmpty
        case .string(let text), .unsafeTrustedHTML(let text): !text.isEmpty
        case .int, .object, .slot: true
        }
    }
}

extension TemplateValue: ExpressibleByStringLiteral {
    package init(stringLiteral value: String) {
        self = .string(value)
    }
}

extension TemplateValue: ExpressibleByIntegerLiteral {
    package init(integerLiteral value: Int) {
        self = .int(value)
    }
}

extension TemplateValue: ExpressibleByBooleanLiteral {
    package init(booleanLiteral value: Bool) {
        self = .bool(value)
    }
}

extension TemplateValue: ExpressibleByArrayLiteral {
    package init(arrayLiteral elements: TemplateValue...) {
        self = .list(elements)
    }
}

extension TemplateValue: ExpressibleByDictionaryLiteral {
    /// A repeated key keeps its last value instead of trapping, as a literal typo should
    /// not crash a server.
    package init(dictionaryLiteral elements: (String, TemplateValue)...) {
        self = .object(Dictionary(elements, uniquingKeysWith: { _, last in last }))
    }
}

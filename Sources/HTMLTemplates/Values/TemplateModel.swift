/// The data one template reads (a page, a partial or a part of either), as a value with
/// exactly one conversion to what the template sees.
///
/// A template's contract used to be implicit: whoever built a `[String: TemplateValue]`
/// had to know every key the template asks for. A model spells the keys once, in its
/// `templateValues`, and a model that lacks a key its template reads fails the strict
/// render test of every page model (`PageModelTests`).
package protocol TemplateModel: Sendable {
    /// Every key the template reads, each with a value (`.null` for what is absent, so
    /// that a strict render tells a missing key from an empty one).
    var templateValues: [String: TemplateValue] { get }
}

extension TemplateModel {
    /// The model as one object value, for a model nested in another's values.
    package var templateValue: TemplateValue { .object(templateValues) }
}

/// A whole page: a template model that knows which template renders it.
package protocol PageModel: TemplateModel {
    /// The template's name in the library ("home", "signin").
    static var templateName: String { get }
}

extension TemplateValue {
    /// `text` as a string value, or `.null` when there is none.
    package static func optional(_ text: String?) -> TemplateValue {
        text.map(TemplateValue.string) ?? .null
    }
}

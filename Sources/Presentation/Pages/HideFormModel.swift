package import HTMLTemplates

/// `partials/hide-form.html`: the one-button form that hides or unhides a person's
/// stories. It reads the page-wide `csrf` too.
package struct HideFormModel: TemplateModel, Equatable {
    /// Where the form posts (the hidden-people page's address).
    package var action: String
    /// `hide` or `unhide`.
    package var verb: String
    /// The person's DID.
    package var author: String
    /// Where to return afterwards (already checked to be on this site).
    package var back: String
    package var label: String
    package var accessibleName: String

    package init(action: String, verb: String, author: String, back: String, label: String, accessibleName: String) {
        self.action = action
        self.verb = verb
        self.author = author
        self.back = back
        self.label = label
        self.accessibleName = accessibleName
    }

    package var templateValues: [String: TemplateValue] {
        [
            "action": .string(action),
            "verb": .string(verb),
            "author": .string(author),
            "back": .string(back),
            "label": .string(label),
            "accessibleName": .string(accessibleName),
        ]
    }
}

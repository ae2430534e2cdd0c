package import HTMLTemplates

/// `strip-choice.html`: confirms switching the home strip between everyone's stories
/// and the people one follows (a link cannot change it without a form and its token).
package struct StripChoicePageModel: PageModel, Equatable {
    package static let templateName = "strip-choice"

    /// Whether the choice is everyone's stories (else the people followed).
    package var everyone: Bool
    /// The choice as the form sends it.
    package var value: String

    package init(everyone: Bool, value: String) {
        self.everyone = everyone
        self.value = value
    }

    package var templateValues: [String: TemplateValue] {
        [
            "question": .string(everyone ? "Show everyone's stories?" : "Show only the people you follow?"),
            "value": .string(value),
            "buttonLabel": .string(everyone ? "Show everyone's" : "Show the people I follow"),
        ]
    }
}

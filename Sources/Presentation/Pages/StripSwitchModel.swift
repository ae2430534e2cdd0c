package import HTMLTemplates

/// The two buttons above a signed-in person's strip (following, everyone), the one shown
/// marked current (`home.html`'s `stripSwitch`).
package struct StripSwitchModel: TemplateModel, Equatable {
    /// One button.
    package struct Option: TemplateModel, Equatable {
        /// The choice as the form sends it.
        package var value: String
        package var label: String
        package var isCurrent: Bool

        package init(value: String, label: String, isCurrent: Bool) {
            self.value = value
            self.label = label
            self.isCurrent = isCurrent
        }

        package var templateValues: [String: TemplateValue] {
            [
                "value": .string(value),
                "label": .string(label),
                "ariaCurrent": .string(isCurrent ? "page" : "false"),
                "className": .string(isCurrent ? "strip-switch-option strip-switch-current" : "strip-switch-option"),
            ]
        }
    }

    package var options: [Option]

    package init(options: [Option]) {
        self.options = options
    }

    package var templateValues: [String: TemplateValue] {
        ["options": .list(options.map(\.templateValue))]
    }
}

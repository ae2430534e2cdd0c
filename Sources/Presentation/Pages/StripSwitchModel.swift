public import HTMLTemplates

/// The two buttons above a signed-in person's strip (following, everyone), the one shown
/// marked current (`home.html`'s `stripSwitch`).
public struct StripSwitchModel: TemplateModel, Equatable {
    /// One button.
    public struct Option: TemplateModel, Equatable {
        /// The choice as the form sends it.
        public var value: String
        public var label: String
        public var isCurrent: Bool

        public init(value: String, label: String, isCurrent: Bool) {
            self.value = value
            self.label = label
            self.isCurrent = isCurrent
        }

        public var templateValues: [String: TemplateValue] {
            [
                "value": .string(value),
                "label": .string(label),
                "ariaCurrent": .string(isCurrent ? "page" : "false"),
                "className": .string(isCurrent ? "strip-switch-option strip-switch-current" : "strip-switch-option"),
            ]
        }
    }

    public var options: [Option]

    public init(options: [Option]) {
        self.options = options
    }

    public var templateValues: [String: TemplateValue] {
        ["options": .list(options.map(\.templateValue))]
    }
}

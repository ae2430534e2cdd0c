extension ConfigurationOption {
    /// The first and last line of the table in docs/configuration.md: what lies between
    /// them is generated, and `ConfigurationDocTests` fails when it is not current.
    static let markdownStart = "<!-- Generated from ConfigurationOption.all by scripts/generate-configuration-doc: edit the options there. -->"
    static let markdownEnd = "<!-- End of the generated table. -->"

    /// Every option as a Markdown table (flag with its value, environment variable,
    /// default, meaning), between `markdownStart` and `markdownEnd`, in `--help`'s order.
    /// Printed by `grain-stories --help-markdown`, so the docs come from the same table
    /// as `--help` and the parser and cannot drift from them.
    static var markdownTable: String {
        let defaults = AppConfiguration()
        var lines = [
            markdownStart,
            "| Flag | Environment variable | Default | Meaning |",
            "|---|---|---|---|",
        ]
        for option in all {
            let value = option.machineDependentDefault ?? "`\(option.defaultValue(defaults))`" + option.byteSize(defaults)
            let cells = ["`--\(option.flag) \(option.valueName)`", "`\(option.environmentName)`", value, option.help]
            lines.append("| " + cells.map(markdownCell).joined(separator: " | ") + " |")
        }
        lines.append(markdownEnd)
        return lines.joined(separator: "\n")
    }

    /// " (40 MiB)" after a byte count that is a whole number of MiB or GiB, " (200 MB)" after
    /// one of millions; nothing for other options.
    private func byteSize(_ defaults: AppConfiguration) -> String {
        guard flag.hasSuffix("-bytes"), let bytes = Int(defaultValue(defaults)), bytes > 0 else { return "" }
        if bytes % (1 << 30) == 0 { return " (\(bytes >> 30) GiB)" }
        if bytes % (1 << 20) == 0 { return " (\(bytes >> 20) MiB)" }
        if bytes % 1_000_000 == 0 { return " (\(bytes / 1_000_000) MB)" }
        return ""
    }

    /// A table cell: a `|` would end the cell, inside code spans too.
    private static func markdownCell(_ text: String) -> String {
        String(text.flatMap { $0 == "|" ? ["\\", "|"] : [$0] })
    }

    /// This option with `words` shown as its default in the docs (`machineDependentDefault`).
    func describingDefault(_ words: String) -> ConfigurationOption {
        var option = self
        option.machineDependentDefault = words
        return option
    }
}

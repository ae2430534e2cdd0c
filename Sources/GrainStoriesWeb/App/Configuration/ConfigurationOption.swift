import FoundationEssentials
import GrainSupport

/// One configurable setting: its flag, environment variable, help text and how a text
/// value is validated into `AppConfiguration`.
struct ConfigurationOption: Sendable {
    /// The flag without dashes, e.g. `data-dir`.
    let flag: String
    /// Placeholder shown in help, e.g. `PATH`.
    let valueName: String
    let help: String
    /// Validates `text` and stores it; throws a message naming the problem.
    let apply: @Sendable (inout AppConfiguration, String) throws(ConfigurationError) -> Void
    /// Prints the default for help.
    let defaultValue: @Sendable (AppConfiguration) -> String
    /// Words for a default that depends on the machine (the number of CPUs), which
    /// docs/configuration.md shows instead of this machine's value so that it reads the
    /// same wherever it is generated; nil for a default that is the same everywhere.
    var machineDependentDefault: String? = nil

    /// `GRAIN_STORIES_DATA_DIR` for `data-dir`.
    /// Mapped character by character: Foundation's `replacingOccurrences` runs
    /// CoreFoundation's string search at every start, whose code then stays resident.
    var environmentName: String {
        "GRAIN_STORIES_" + String(flag.uppercased().map { $0 == "-" ? "_" : $0 })
    }
}

extension ConfigurationOption {
    /// An option holding an integer within `range`.
    static func integer(
        _ flag: String, _ help: String, range: ClosedRange<Int>,
        _ keyPath: any WritableKeyPath<AppConfiguration, Int> & Sendable
    ) -> ConfigurationOption {
        ConfigurationOption(
            flag: flag, valueName: "N", help: help,
            apply: { (config: inout AppConfiguration, text: String) throws(ConfigurationError) in
                guard let value = Int(text.trimmingWhitespace()), range.contains(value) else {
                    throw ConfigurationError("--\(flag) must be a whole number from \(range.lowerBound) to \(range.upperBound), not '\(text)'")
                }
                config[keyPath: keyPath] = value
            },
            defaultValue: { "\($0[keyPath: keyPath])" }
        )
    }

    /// An option holding a non-empty text.
    static func text(
        _ flag: String, _ valueName: String, _ help: String,
        _ keyPath: any WritableKeyPath<AppConfiguration, String> & Sendable
    ) -> ConfigurationOption {
        ConfigurationOption(
            flag: flag, valueName: valueName, help: help,
            apply: { (config: inout AppConfiguration, text: String) throws(ConfigurationError) in
                let trimmed = text.trimmingWhitespace()
                guard !trimmed.isEmpty else { throw ConfigurationError("--\(flag) must not be empty") }
                config[keyPath: keyPath] = trimmed
            },
            defaultValue: { $0[keyPath: keyPath] }
        )
    }

    /// An option holding an http(s) base URL (see `baseURL(_:flag:)`).
    static func url(
        _ flag: String, _ help: String,
        _ keyPath: any WritableKeyPath<AppConfiguration, String> & Sendable
    ) -> ConfigurationOption {
        ConfigurationOption(
            flag: flag, valueName: "URL", help: help,
            apply: { (config: inout AppConfiguration, text: String) throws(ConfigurationError) in
                config[keyPath: keyPath] = try ConfigurationOption.baseURL(text, flag: flag)
            },
            defaultValue: { $0[keyPath: keyPath] }
        )
    }

    /// An on/off option: true/false, yes/no, on/off, 1/0.
    static func flag(
        _ flag: String, _ help: String,
        _ keyPath: any WritableKeyPath<AppConfiguration, Bool> & Sendable
    ) -> ConfigurationOption {
        ConfigurationOption(
            flag: flag, valueName: "BOOL", help: help,
            apply: { (config: inout AppConfiguration, text: String) throws(ConfigurationError) in
                switch text.lowercased() {
                case "1", "true", "yes", "on": config[keyPath: keyPath] = true
                case "0", "false", "no", "off": config[keyPath: keyPath] = false
                default: throw ConfigurationError("--\(flag) must be true or false, not '\(text)'")
                }
            },
            defaultValue: { $0[keyPath: keyPath] ? "true" : "false" }
        )
    }
}

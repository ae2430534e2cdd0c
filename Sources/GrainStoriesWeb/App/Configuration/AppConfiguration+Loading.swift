import FoundationEssentials
package import GrainSupport

extension AppConfiguration {
    /// What the command line asked for: run with a configuration, or print help.
    package enum LoadResult: Sendable {
        case run(AppConfiguration)
        case help(String)
    }

    /// Reads the environment first and the flags second (flags win), validating every
    /// value; the first problem stops start-up with a message naming the option.
    package static func load(arguments: [String], environment: [String: String]) throws(ConfigurationError) -> LoadResult {
        var config = AppConfiguration()
        let options = Dictionary(uniqueKeysWithValues: ConfigurationOption.all.map { ($0.flag, $0) })
        let byEnvironment = Dictionary(uniqueKeysWithValues: ConfigurationOption.all.map { ($0.environmentName, $0) })

        for (name, value) in environment.sorted(by: { $0.key < $1.key }) where name.hasPrefix("GRAIN_STORIES_") {
            guard let option = byEnvironment[name] else {
                throw ConfigurationError("unknown environment variable \(name); see 'grain-stories --help'")
            }
            try option.apply(&config, value)
        }

        var index = 0
        while index < arguments.count {
            let argument = arguments[index]
            index += 1
            if argument == "--help" || argument == "-h" { return .help(helpText) }
            guard argument.hasPrefix("--") else {
                throw ConfigurationError("unexpected argument '\(argument)'; see 'grain-stories --help'")
            }
            var name = String(argument.dropFirst(2))
            var value: String?
            if let equals = name.firstIndex(of: "=") {
                value = String(name[name.index(after: equals)...])
                name = String(name[..<equals])
            }
            guard let option = options[name] else {
                throw ConfigurationError("unknown option --\(name); see 'grain-stories --help'")
            }
            if value == nil {
                guard index < arguments.count else { throw ConfigurationError("--\(name) needs a value (\(option.valueName))") }
                value = arguments[index]
                index += 1
            }
            try option.apply(&config, value ?? "")
        }
        try config.checkOAuthAddress()
        _ = try config.followedJetstreamHosts()
        return .run(config)
    }

    /// The `--help` text, generated from the option table so it cannot drift.
    package static var helpText: String {
        let defaults = AppConfiguration()
        var lines = [
            "GrainStories: Grain's 24-hour photo stories in any browser.",
            "",
            "Usage:",
            "  grain-stories [serve] [options]     run the web server (the default)",
            "  grain-stories photo process IN OUT  prepare a photo as it would be posted",
            "  grain-stories h3 cell LAT LNG RES   print an H3 cell (also --tsv)",
            "  grain-stories healthcheck           exit 0 if the server on --port answers /healthz",
            "  grain-stories backup DEST           copy --data-dir to DEST while the server runs",
            "  grain-stories restore SRC           bring a backup back into a new --data-dir",
            "  grain-stories oauth rotate-key      OAuth client keys (also keys, retire-keys, remove-key KID)",
            "",
            "Options (each also read from its environment variable; flags win):",
        ]
        for option in ConfigurationOption.all {
            lines.append("  --\(option.flag) \(option.valueName)")
            lines.append("      \(option.help)")
            lines.append("      env \(option.environmentName), default: \(option.defaultValue(defaults))")
        }
        return lines.joined(separator: "\n")
    }

    /// OAuth needs the address authorization servers fetch this client's metadata
    /// from: an https `--public-url` (plain http only for a host listed in
    /// `--insecure-hosts`, for tests and development).
    func checkOAuthAddress() throws(ConfigurationError) {
        guard oauth.offersOAuth else { return }
        guard let publicURL, let url = URLComponents(string: publicURL), let host = url.host?.lowercased() else {
            throw ConfigurationError("--oauth \(oauth.rawValue) needs --public-url, the https address people reach this server at")
        }
        let hostAndPort = url.port.map { "\(host):\($0)" } ?? host
        guard url.scheme == "https" || insecureHosts.contains(host) || insecureHosts.contains(hostAndPort) else {
            throw ConfigurationError(
                "--oauth \(oauth.rawValue) needs an https --public-url (authorization servers only fetch https client metadata), not '\(publicURL)'")
        }
    }
}

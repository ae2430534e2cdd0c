import ATProto
import FoundationEssentials
import GrainSupport
import MicroHTTPServer
import Viewing

extension ConfigurationOption {
    /// Every option the server understands, in the order `--help` lists them.
    static let all: [ConfigurationOption] = [
        .text("host", "ADDRESS", "Address to listen on; 0.0.0.0 lets phones and TVs on the LAN connect, 127.0.0.1 keeps it local.", \.host),
        .integer("port", "TCP port to listen on (0 picks a free one).", range: 0...65535, \.port),
        .text("data-dir", "PATH", "Directory for all local state (created if missing).", \.dataDirectory),
        .text("templates-dir", "PATH", "Directory holding the HTML templates.", \.templatesDirectory),
        .text("public-dir", "PATH", "Directory holding static files (CSS, JavaScript, icons).", \.publicDirectory),
        ConfigurationOption(
            flag: "log-level", valueName: "LEVEL", help: "debug, info, warning or error.",
            apply: { (config: inout AppConfiguration, text: String) throws(ConfigurationError) in
                guard let level = LogLevel(name: text) else {
                    throw ConfigurationError("--log-level must be debug, info, warning or error, not '\(text)'")
                }
                config.logLevel = level
            },
            defaultValue: { $0.logLevel.description }
        ),
        .integer("max-body-bytes", "Largest request body accepted, in bytes (uploads included).", range: 1024...(1 << 30), \.maxBodyBytes),
        .integer("connection-timeout", "Seconds an idle or stalled connection is kept open.", range: 1...3600, \.connectionTimeoutSeconds),
        ConfigurationOption(
            flag: "max-connections", valueName: "N",
            help: "Most connections open at once; by default as many as the open-file limit allows (raised to its hard limit at start), at most 16384.",
            apply: { (config: inout AppConfiguration, text: String) throws(ConfigurationError) in
                guard let value = Int(text.trimmingWhitespace()), (4...100_000).contains(value) else {
                    throw ConfigurationError("--max-connections must be a whole number from 4 to 100000, not '\(text)'")
                }
                config.maxConnections = value
            },
            defaultValue: { $0.maxConnections.map(String.init) ?? "(from the open-file limit)" }
        ),
        .integer("threads", "Threads serving HTTP.", range: 1...256, \.threads).describingDefault("the number of CPUs, at least 2"),
        .url("appview-url", "Grain's AppView, read anonymously for stories and profiles.", \.appViewURL),
        .integer("appview-timeout", "Seconds a page waits for the AppView before showing a notice instead.", range: 1...60, \.appViewTimeoutSeconds),
        ConfigurationOption(
            flag: "insecure-hosts", valueName: "HOSTS",
            help: "Comma-separated hosts (host or host:port) that may be reached over plain http and on private addresses, e.g. a PDS on your LAN.",
            apply: { (config: inout AppConfiguration, text: String) throws(ConfigurationError) in
                config.insecureHosts = Set(text.split(separator: ",").map { $0.trimmingWhitespace().lowercased() }.filter { !$0.isEmpty })
            },
            defaultValue: { $0.insecureHosts.isEmpty ? "(none)" : $0.insecureHosts.sorted().joined(separator: ",") }
        ),
        ConfigurationOption(
            flag: "trusted-pds", valueName: "URLS",
            help:
                "Comma-separated PDS addresses (https://pds.example.lan) whose sign-ins are accepted when the account's identity cannot be resolved from here, e.g. a PDS on your LAN. Such a PDS can sign in as any account whose identity cannot be resolved, so list only one you run.",
            apply: { (config: inout AppConfiguration, text: String) throws(ConfigurationError) in
                var addresses: Set<String> = []
                for item in text.split(separator: ",").map({ $0.trimmingWhitespace() }) where !item.isEmpty {
                    guard let address = IdentityResolver.canonicalPDS(item) else {
                        throw ConfigurationError("--trusted-pds takes PDS addresses such as https://pds.example.lan, not '\(item)'")
                    }
                    addresses.insert(address)
                }
                config.trustedPDSes = addresses
            },
            defaultValue: { $0.trustedPDSes.isEmpty ? "(none)" : $0.trustedPDSes.sorted().joined(separator: ",") }
        ),
        ConfigurationOption(
            flag: "trusted-proxies", valueName: "ADDRESSES",
            help:
                "Comma-separated addresses or CIDR blocks of reverse proxies whose X-Forwarded-For names the real client (per-client limits, sign-in limits, the access log).",
            apply: { (config: inout AppConfiguration, text: String) throws(ConfigurationError) in
                var ranges: [IPAddressRange] = []
                for item in text.split(separator: ",").map({ $0.trimmingWhitespace() }) where !item.isEmpty {
                    guard let range = IPAddressRange(item) else {
                        throw ConfigurationError("--trusted-proxies takes IP addresses or CIDR blocks such as 127.0.0.1 or 10.0.0.0/8, not '\(item)'")
                    }
                    ranges.append(range)
                }
                config.trustedProxies = ranges
            },
            defaultValue: { $0.trustedProxies.isEmpty ? "(none)" : $0.trustedProxies.map(\.description).joined(separator: ",") }
        ),
        .integer(
            "max-spool-bytes", "Most disk space all request bodies being received may take together, in bytes.", range: (1 << 20)...(1 << 40), \.maxSpoolBytes),
        .integer("media-cache-bytes", "Largest total size of the on-disk image cache, in bytes.", range: (1 << 20)...(1 << 40), \.mediaCacheBytes),
        .url(
            "handle-resolver-url",
            "Resolves handles (com.atproto.identity.resolveHandle) when DNS and HTTPS lookups fail; its actor search suggests @mentions when Grain's does not answer.",
            \.handleResolverURL),
        .url("plc-url", "The PLC directory for did:plc documents.", \.plcURL),
        ConfigurationOption(
            flag: "public-url", valueName: "URL",
            help: "The address people reach this server at, for link previews and Share (e.g. https://stories.example.org); empty takes it from each request.",
            apply: { (config: inout AppConfiguration, text: String) throws(ConfigurationError) in
                let trimmed = text.trimmingWhitespace()
                guard !trimmed.isEmpty else {
                    config.publicURL = nil
                    return
                }
                let url = try ConfigurationOption.baseURL(trimmed, flag: "public-url")
                guard let path = URLComponents(string: url)?.path, path.isEmpty else {
                    throw ConfigurationError("--public-url is the server's own address without a path, such as https://stories.example.org, not '\(text)'")
                }
                config.publicURL = url
            },
            defaultValue: { $0.publicURL ?? "(from each request)" }
        ),
        ConfigurationOption(
            flag: "oauth", valueName: "MODE",
            help:
                "Sign-in with AT Protocol OAuth: off (app passwords only), on (OAuth and app passwords) or only (OAuth alone). Needs an https --public-url reachable from the internet.",
            apply: { (config: inout AppConfiguration, text: String) throws(ConfigurationError) in
                guard let mode = OAuthMode(rawValue: text.trimmingWhitespace().lowercased()) else {
                    throw ConfigurationError("--oauth must be off, on or only, not '\(text)'")
                }
                config.oauth = mode
            },
            defaultValue: { $0.oauth.rawValue }
        ),
        .url("story-link-url", "The site whose story links go into Bluesky crossposts (Grain links them back).", \.storyLinkURL),
        ConfigurationOption(
            flag: "nominatim-url", valueName: "URL", help: "Nominatim for place names from photo GPS and for place search; empty disables both.",
            apply: { (config: inout AppConfiguration, text: String) throws(ConfigurationError) in
                config.nominatimURL = text.trimmingWhitespace().isEmpty ? nil : try ConfigurationOption.baseURL(text, flag: "nominatim-url")
            },
            defaultValue: { $0.nominatimURL ?? "(disabled)" }
        ),
        ConfigurationOption(
            flag: "operator-contact", valueName: "CONTACT",
            help: "Your email address or URL, sent in the User-Agent to Nominatim as its usage policy asks.",
            apply: { (config: inout AppConfiguration, text: String) throws(ConfigurationError) in
                let trimmed = text.trimmingWhitespace()
                guard trimmed.utf8.count <= 200, !trimmed.contains(where: { $0.isNewline || $0 == "(" || $0 == ")" }) else {
                    throw ConfigurationError("--operator-contact must be a short email address or URL on one line")
                }
                config.operatorContact = trimmed
            },
            defaultValue: { $0.operatorContact.isEmpty ? "(none)" : $0.operatorContact }
        ),
        ConfigurationOption(
            flag: "activity", valueName: "on|off",
            help:
                "Follow the network (Jetstream) for hearts, comments, replies and mentions on this server's accounts, for the Activity page and push messages.",
            apply: { (config: inout AppConfiguration, text: String) throws(ConfigurationError) in
                switch text.trimmingWhitespace().lowercased() {
                case "on": config.activity = true
                case "off": config.activity = false
                default: throw ConfigurationError("--activity must be on or off, not '\(text)'")
                }
            },
            defaultValue: { $0.activity ? "on" : "off" }
        ),
        ConfigurationOption(
            flag: "jetstream-hosts", valueName: "URLS",
            help: "Comma-separated Jetstream instances (wss://host), tried in turn; ws:// only for a host in --insecure-hosts.",
            apply: { (config: inout AppConfiguration, text: String) throws(ConfigurationError) in
                let hosts = text.split(separator: ",").map { $0.trimmingWhitespace() }.filter { !$0.isEmpty }
                guard !hosts.isEmpty, hosts.count <= 16 else { throw ConfigurationError("--jetstream-hosts takes one to 16 wss:// addresses") }
                config.jetstreamHosts = hosts
            },
            defaultValue: { $0.jetstreamHosts.joined(separator: ",") }
        ),
        .integer("max-photo-bytes", "Largest posted photo in bytes; larger ones are re-encoded smaller.", range: 50_000...5_000_000, \.maxPhotoBytes),
        .integer("photo-box", "Posted photos fit in a square of this many pixels.", range: 320...8000, \.photoBox),
        .integer("photo-quality", "JPEG quality tried first for posted photos.", range: 40...100, \.photoQuality),
        .integer("max-photo-pixels", "Uploads with more pixels than this are refused before decoding.", range: 1_000_000...400_000_000, \.maxPhotoPixels),
        .integer(
            "max-decode-bytes",
            "Uploads estimated to need more memory than this to decode are refused before decoding; photos processed together use at most 1.5 times it.",
            range: (64 << 20)...(1 << 40), \.maxDecodeBytes),
        .integer("max-drafts", "Drafts not yet posted that one account may keep; more uploads are refused.", range: 1...10_000, \.maxDraftsPerAccount),
        .integer(
            "max-draft-bytes", "Bytes of draft photos one account may keep (posted ones count until cleaned up).", range: (1 << 20)...(1 << 40),
            \.maxDraftBytesPerAccount),
        ConfigurationOption(
            flag: "tv-night-hours", valueName: "HH:MM-HH:MM",
            help: "Quiet hours for TV mode (e.g. 22:00-07:00): the screen goes dark but for a small clock; each TV may change them; empty: none.",
            apply: { (config: inout AppConfiguration, text: String) throws(ConfigurationError) in
                let trimmed = text.trimmingWhitespace()
                guard !trimmed.isEmpty else {
                    config.tvNightHours = nil
                    return
                }
                guard let hours = TVNightHours(trimmed) else {
                    throw ConfigurationError("--tv-night-hours must be two different times such as 22:00-07:00, not '\(text)'")
                }
                config.tvNightHours = hours
            },
            defaultValue: { $0.tvNightHours?.description ?? "(none)" }
        ),
        ConfigurationOption(
            flag: "tv-time-zone", valueName: "ZONE",
            help: "Time zone (e.g. Europe/Berlin) of TV night hours and the clock where a TV's browser does not say its own (no JavaScript).",
            apply: { (config: inout AppConfiguration, text: String) throws(ConfigurationError) in
                let trimmed = text.trimmingWhitespace()
                do throws(ZoneInfoError) {
                    _ = try ZoneInfoCatalog().zone(named: trimmed)
                } catch {
                    throw ConfigurationError("--tv-time-zone: \(error.description)")
                }
                config.tvTimeZone = trimmed
            },
            defaultValue: { $0.tvTimeZone }
        ),
        ConfigurationOption(
            flag: "tv-portrait-pairs", valueName: "MODE",
            help:
                "Two portrait stories side by side on a landscape TV: same-person, consecutive (also the last of one person with the next person's first) or off.",
            apply: { (config: inout AppConfiguration, text: String) throws(ConfigurationError) in
                guard let mode = TVPairing(rawValue: text.trimmingWhitespace().lowercased()) else {
                    throw ConfigurationError("--tv-portrait-pairs must be same-person, consecutive or off, not '\(text)'")
                }
                config.tvPortraitPairs = mode
            },
            defaultValue: { $0.tvPortraitPairs.rawValue }
        ),
        .flag("tv-qr-code", "Show a QR code of the story on screen in TV mode, to open it on a phone.", \.tvQRCode),
        .flag("strict-templates", "Fail pages that use an unknown template variable (for development).", \.strictTemplates),
    ]

    /// An http(s) base URL without query or fragment, trailing slash removed.
    static func baseURL(_ text: String, flag: String) throws(ConfigurationError) -> String {
        let trimmed = text.trimmingWhitespace()
        guard let components = URLComponents(string: trimmed), let scheme = components.scheme?.lowercased(),
            scheme == "https" || scheme == "http", components.plainHost?.isEmpty == false,
            components.query == nil, components.fragment == nil, components.user == nil
        else { throw ConfigurationError("--\(flag) must be an http or https URL such as https://grain.social, not '\(text)'") }
        return trimmed.hasSuffix("/") ? String(trimmed.dropLast()) : trimmed
    }
}

import FoundationEssentials

/// The web app manifest (`/manifest.webmanifest`, linked from every page) that makes
/// GrainStories installable on a phone's home screen: its names, where it starts and
/// what it covers (the whole site), a window of its own (`standalone`), its colours in
/// light and dark, icons (maskable ones for launchers that cut their own shape), the
/// "New story" and "TV" shortcuts, and the share target (`ShareTargetEndpoint`) that
/// lists it in the share sheet for photos.
///
/// The icons are named by their fingerprinted URLs, so a new icon is a new URL; the
/// manifest itself keeps one address (browsers tie an installed app to it and to `id`).
struct WebAppManifest: Encodable, Equatable {
    struct Icon: Encodable, Equatable {
        var src: String
        var sizes: String
        var type: String
        var purpose: String?
    }

    struct Shortcut: Encodable, Equatable {
        var name: String
        var shortName: String
        var description: String
        var url: String
        var icons: [Icon]

        enum CodingKeys: String, CodingKey {
            case name, description, url, icons
            case shortName = "short_name"
        }
    }

    struct ShareTarget: Encodable, Equatable {
        struct Params: Encodable, Equatable {
            struct Files: Encodable, Equatable {
                var name: String
                var accept: [String]
            }

            var files: [Files]
        }

        var action: String
        var method: String
        var enctype: String
        var params: Params
    }

    /// Colours that replace the light ones while the device is in dark mode (the
    /// manifest's `color_scheme_dark`, w3c/manifest#1207).
    struct Colors: Encodable, Equatable {
        var themeColor: String
        var backgroundColor: String

        enum CodingKeys: String, CodingKey {
            case themeColor = "theme_color"
            case backgroundColor = "background_color"
        }
    }

    /// The manifest's own address.
    static let path = "/manifest.webmanifest"
    /// The page backgrounds of app.css (`--bg`), light and dark: the splash screen and the
    /// title bar match the page that follows them.
    static let light = Colors(themeColor: "#ffffff", backgroundColor: "#ffffff")
    static let dark = Colors(themeColor: "#0b0b0f", backgroundColor: "#0b0b0f")

    var id = "/"
    var name = "GrainStories"
    var shortName = "GrainStories"
    var description = "Grain's 24-hour photo stories from this server: watch them, and post your own."
    var lang = "en"
    var dir = "ltr"
    var startURL = "/"
    var scope = "/"
    var display = "standalone"
    var themeColor = WebAppManifest.light.themeColor
    var backgroundColor = WebAppManifest.light.backgroundColor
    var colorSchemeDark = WebAppManifest.dark
    var categories = ["photo", "social"]
    var icons: [Icon]
    var shortcuts: [Shortcut]
    var shareTarget: ShareTarget

    enum CodingKeys: String, CodingKey {
        case id, name, description, lang, dir, scope, display, categories, icons, shortcuts
        case shortName = "short_name"
        case startURL = "start_url"
        case themeColor = "theme_color"
        case backgroundColor = "background_color"
        case colorSchemeDark = "color_scheme_dark"
        case shareTarget = "share_target"
    }

    /// The manifest naming the icons `assets` serves (`scripts/generate-icons` makes them).
    init(assets: StaticAssets) {
        func png(_ name: String, _ size: Int, purpose: String) -> Icon {
            Icon(src: assets.url(for: "icons/\(name)-\(size).png"), sizes: "\(size)x\(size)", type: "image/png", purpose: purpose)
        }
        icons = [
            png("icon", 192, purpose: "any"), png("icon", 512, purpose: "any"),
            png("maskable", 192, purpose: "maskable"), png("maskable", 512, purpose: "maskable"),
            Icon(src: assets.url(for: "favicon.svg"), sizes: "any", type: "image/svg+xml", purpose: "any"),
        ]
        let shortcutIcon = [png("icon", 192, purpose: "any")]
        shortcuts = [
            Shortcut(name: "New story", shortName: "New story", description: "Take or choose a photo for your story", url: "/stories/new", icons: shortcutIcon),
            Shortcut(name: "TV", shortName: "TV", description: "Every story in turn, full screen", url: "/tv", icons: shortcutIcon),
        ]
        shareTarget = ShareTarget(
            action: ShareTargetEndpoint.path, method: "POST", enctype: "multipart/form-data",
            params: .init(files: [
                .init(
                    name: ShareTargetEndpoint.fileField,
                    accept: ["image/*", ".jpg", ".jpeg", ".png", ".heic", ".heif", ".avif", ".webp", ".gif"])
            ]))
    }

    /// The manifest as its file: JSON with its keys sorted, the same bytes every start.
    func json() -> [UInt8] {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes, .prettyPrinted]
        return (try? Array(encoder.encode(self))) ?? []
    }
}

import FoundationEssentials
package import GrainSupport
package import MicroHTTPServer
package import Viewing

/// Everything the server can be told at start-up, read once from flags and
/// `GRAIN_STORIES_*` environment variables, validated, and passed down as a value.
///
/// Nothing else in the program reads the environment. Options are declared in
/// `ConfigurationOption.all`, which also produces `--help`.
package struct AppConfiguration: Sendable {
    // MARK: Listening
    package var host = "0.0.0.0"
    package var port = 8080
    package var maxBodyBytes = 40 * 1024 * 1024
    package var connectionTimeoutSeconds = 30
    /// nil: as many as the open-file limit allows, at most 16,384 (see
    /// `HTTPServerConfiguration.connectionLimit`).
    package var maxConnections: Int?
    package var threads = max(2, ProcessInfo.processInfo.activeProcessorCount)

    // MARK: Files
    package var dataDirectory = "./data"
    package var templatesDirectory = "./Templates"
    package var publicDirectory = "./Public"

    // MARK: Grain and the network
    /// Grain's AppView, read anonymously.
    package var appViewURL = "https://grain.social"
    /// Seconds a page waits for the AppView before rendering with a notice.
    package var appViewTimeoutSeconds = 5
    /// Hosts (optionally `host:port`) that may be reached over plain http and on
    /// private or loopback addresses: a PDS on the LAN, test stand-ins.
    package var insecureHosts: Set<String> = []
    /// PDSes (canonical `scheme://host[:port]`) whose sign-ins are believed when the
    /// account's identity cannot be resolved (`--trusted-pds`).
    package var trustedPDSes: Set<String> = []
    /// The `grain-stories-photo` executable that estimates and prepares each uploaded photo
    /// in processes of its own (`PhotoWorker`: a hard memory cap and deadline, crashes
    /// contained, no codec in the server). It is installed beside `grain-stories`
    /// (`PhotoTool.besideThisProgram`). Not an option: it is where this program lives, not a
    /// choice; tests point it at their build.
    package var photoWorkerExecutable: String = PhotoTool.besideThisProgram
    /// Reverse proxies whose `X-Forwarded-For` is believed.
    package var trustedProxies: [IPAddressRange] = []
    /// Disk space for request bodies being received, all together.
    package var maxSpoolBytes = 1 << 30
    /// Largest total size of the on-disk image cache.
    package var mediaCacheBytes = 512 * 1024 * 1024

    // MARK: Identity, posting and places
    /// Where handles are resolved when DNS and HTTPS lookups fail
    /// (`com.atproto.identity.resolveHandle`), and whose actor search
    /// (`app.bsky.actor.searchActorsTypeahead`) suggests people to mention in comments
    /// while Grain's AppView does not answer its own.
    package var handleResolverURL = "https://public.api.bsky.app"
    /// The PLC directory for `did:plc` documents.
    package var plcURL = "https://plc.directory"
    /// The site whose story links go into Bluesky crossposts (`{url}/profile/{did}/story/{rkey}`).
    package var storyLinkURL = "https://grain.social"
    /// The address people reach this server at (`https://stories.example.org`), for the
    /// absolute links in link previews and Share. Nil: taken from the request (the
    /// forwarded host from a trusted proxy, else the Host the browser used).
    package var publicURL: String?
    /// Whether people sign in with OAuth; anything but `off` needs an https `publicURL`
    /// (the authorization server fetches this client's metadata from it).
    package var oauth = OAuthMode.off
    /// Nominatim for place names; nil disables reverse geocoding and place search.
    package var nominatimURL: String? = "https://nominatim.openstreetmap.org"
    /// How the operator can be reached, sent in the User-Agent to services such as
    /// Nominatim whose usage policy asks for it (an email address or URL).
    package var operatorContact = ""

    // MARK: Activity
    /// Whether the server follows Jetstream for its accounts' hearts, comments, replies and
    /// mentions (`--activity on|off`).
    package var activity = true
    /// The Jetstream instances followed, tried in turn (`wss://`; `ws://` only for an
    /// insecure host).
    package var jetstreamHosts = [
        "wss://jetstream2.us-east.bsky.network", "wss://jetstream1.us-east.bsky.network", "wss://jetstream2.us-west.bsky.network",
        "wss://jetstream1.us-west.bsky.network",
    ]

    // MARK: Photos
    /// The byte budget of a posted photo (the lexicon's maxSize is 5,000,000).
    package var maxPhotoBytes = 5_000_000
    /// Posted photos fit in a square of this many pixels.
    package var photoBox = 2000
    /// The JPEG quality tried first.
    package var photoQuality = 95
    /// Uploads with more pixels than this are refused before decoding.
    package var maxPhotoPixels = 100_000_000
    /// Uploads whose decoding is estimated to need more memory than this are refused
    /// before decoding; photos being processed together use at most 1.5 times it.
    package var maxDecodeBytes = 256 * 1024 * 1024
    /// Drafts not yet posted that one account may keep (see `DraftQuota`).
    package var maxDraftsPerAccount = 20
    /// Bytes of draft photos one account may keep, posted ones included until cleaned up.
    package var maxDraftBytesPerAccount = 200_000_000

    // MARK: TV mode
    /// Quiet hours for every TV (a screen's own setting may change them); nil: none.
    package var tvNightHours: TVNightHours?
    /// The time zone night hours and the clock follow on a TV whose browser has not said
    /// its own (one without JavaScript): a tz database name, checked at start-up.
    package var tvTimeZone = "UTC"
    /// Which portrait stories a landscape TV shows side by side.
    package var tvPortraitPairs = TVPairing.samePerson
    /// Whether a TV shows a QR code of the story on screen (`/tv/qr/…`).
    package var tvQRCode = false

    // MARK: Behaviour
    package var logLevel = LogLevel.info
    /// Unknown template variables fail rendering; on in tests, off in production.
    package var strictTemplates = false

    package init() {}
}

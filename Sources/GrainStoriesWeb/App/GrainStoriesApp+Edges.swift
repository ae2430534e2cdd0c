package import ATProto
package import Accounts
package import FoundationEssentials
package import Geocoding
package import GrainSupport
package import Social
package import Viewing

extension GrainStoriesApp {
    /// Everything the application reaches outside itself, and the clock: the values
    /// tests replace. `live(configuration:logger:http:)` is what `serve` uses.
    package struct Edges: Sendable {
        /// Grain's stories and profiles (the AppView); pages see it with this server's own
        /// posts and deletions applied.
        package var stories: any StoryLibrary
        /// The comments on stories (`getCommentThread` on the same AppView).
        package var comments: any CommentThreads
        /// Whom people follow according to the same AppView (`getFollowing`), asked only
        /// when a person's own PDS cannot be read; nil: never asked (tests that are not
        /// about it).
        package var following: AppViewFollowing?
        /// The comment composer's @mention suggestions (the AppView's actor search, the
        /// handle resolver's when it does not answer); nil: no suggestions (tests that are
        /// not about them).
        package var actorSearch: ActorTypeahead?
        /// How people's PDSes are reached (sign-in, sign-out, posting, deleting).
        package var pds: any PDSConnector
        /// Where an account lives (handle or DID → DID and PDS), at sign-in.
        package var identity: any IdentityResolving
        /// Where the application keeps its state: the storage adapter, opened over the data
        /// directory (by default the SQLite database in it, `Repositories.sqlite`).
        package var storage: @Sendable (DataDirectory) async throws(ConfigurationError) -> Repositories
        /// Place suggestions and search for drafts, given the stored answer cache
        /// the application keeps (a fake may ignore it).
        package var geocoder: @Sendable (any GeocodingCache) -> any PlaceGeocoder
        /// "Now", for sessions, drafts, publishing, story expiry and housekeeping.
        package var now: @Sendable () -> Date
        /// The outgoing HTTP client the media cache fetches Grain's images with (the live
        /// edges share it). The application shuts it down when it stops.
        package var http: OutboundHTTP

        package init(
            stories: any StoryLibrary, pds: any PDSConnector, identity: any IdentityResolving,
            geocoder: @escaping @Sendable (any GeocodingCache) -> any PlaceGeocoder,
            now: @escaping @Sendable () -> Date, http: OutboundHTTP, comments: any CommentThreads = NoCommentThreads(),
            following: AppViewFollowing? = nil, actorSearch: ActorTypeahead? = nil,
            storage: @escaping @Sendable (DataDirectory) async throws(ConfigurationError) -> Repositories = { data throws(ConfigurationError) in
                try await Repositories.sqlite(at: data.database)
            }
        ) {
            self.storage = storage
            self.stories = stories
            self.comments = comments
            self.following = following
            self.actorSearch = actorSearch
            self.pds = pds
            self.identity = identity
            self.geocoder = geocoder
            self.now = now
            self.http = http
        }

        /// The real edges for `configuration`: the configured AppView, PDSes and identity
        /// resolution over `http` (by default one identified as this server, keeping the
        /// configured insecure hosts), Nominatim as configured, and the wall clock (`now`,
        /// which tests may move: pages and the stories' 24 hours follow it).
        package static func live(
            configuration: AppConfiguration, logger: Logger, http: OutboundHTTP? = nil, now: @escaping @Sendable () -> Date = Date.init
        ) -> Edges {
            let http =
                http
                ?? OutboundHTTP(
                    userAgent: "GrainStories/\(GrainStoriesVersion.current) (self-hosted)",
                    insecureHosts: configuration.insecureHosts
                )
            let client = AppViewClient(
                xrpc: XRPCClient(baseURL: configuration.appViewURL, http: http),
                timeout: .seconds(configuration.appViewTimeoutSeconds)
            )
            let appView = AppViewStoryLibrary(client: client, now: now)
            return Edges(
                stories: appView,
                pds: CurlPDSConnector(http: http),
                identity: IdentityResolver.live(configuration: configuration, http: http),
                geocoder: { cache in NominatimClient(configuration: configuration, http: http, logger: logger, cache: cache) },
                now: now,
                http: http,
                comments: AppViewCommentThreads(client: client),
                following: AppViewFollowing(client: client),
                actorSearch: ActorTypeahead(
                    appView: XRPCClient(baseURL: configuration.appViewURL, http: http),
                    resolver: XRPCClient(baseURL: configuration.handleResolverURL, http: http))
            )
        }
    }
}

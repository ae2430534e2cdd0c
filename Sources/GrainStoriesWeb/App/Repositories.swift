public import Accounts
public import Geocoding
public import Posting
public import Social
public import Viewing

/// Every place the application keeps state, as the feature targets' repository
/// protocols: the composition root builds the application over whichever adapter
/// `GrainStoriesApp.Edges.storage` chooses (SQLite in the data directory for `serve`;
/// tests may choose the in-memory one), and nothing above it knows which.
public struct Repositories: Sendable {
    public var sessions: any SessionRepository
    public var drafts: any DraftRepository
    public var socialWrites: any SocialWriteRepository
    public var stripChoices: any StripChoiceRepository
    public var hiddenAuthors: any HiddenAuthorRepository
    public var seen: any SeenRepository
    public var geocodingCache: any GeocodingCache
    /// Releases the storage (closes the database); called once, at shutdown.
    public var close: @Sendable () async -> Void

    public init(
        sessions: any SessionRepository, drafts: any DraftRepository, socialWrites: any SocialWriteRepository,
        stripChoices: any StripChoiceRepository, hiddenAuthors: any HiddenAuthorRepository, seen: any SeenRepository,
        geocodingCache: any GeocodingCache, close: @escaping @Sendable () async -> Void
    ) {
        self.sessions = sessions
        self.drafts = drafts
        self.socialWrites = socialWrites
        self.stripChoices = stripChoices
        self.hiddenAuthors = hiddenAuthors
        self.seen = seen
        self.geocodingCache = geocodingCache
        self.close = close
    }
}

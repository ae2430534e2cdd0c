package import Accounts
package import Activity
package import Geocoding
package import Posting
package import Social
package import Viewing

/// Every place the application keeps state, as the feature targets' repository
/// protocols: the composition root builds the application over whichever adapter
/// `GrainStoriesApp.Edges.storage` chooses (SQLite in the data directory for `serve`;
/// tests may choose the in-memory one), and nothing above it knows which.
package struct Repositories: Sendable {
    package var sessions: any SessionRepository
    package var drafts: any DraftRepository
    package var socialWrites: any SocialWriteRepository
    package var stripChoices: any StripChoiceRepository
    package var hiddenAuthors: any HiddenAuthorRepository
    package var seen: any SeenRepository
    package var geocodingCache: any GeocodingCache
    /// What the Jetstream follower kept, its cursor and the accounts' activity settings.
    package var activity: any ActivityRepository
    package var pushSubscriptions: any PushSubscriptionRepository
    /// Releases the storage (closes the database); called once, at shutdown.
    package var close: @Sendable () async -> Void

    package init(
        sessions: any SessionRepository, drafts: any DraftRepository, socialWrites: any SocialWriteRepository,
        stripChoices: any StripChoiceRepository, hiddenAuthors: any HiddenAuthorRepository, seen: any SeenRepository,
        geocodingCache: any GeocodingCache, activity: any ActivityRepository, pushSubscriptions: any PushSubscriptionRepository,
        close: @escaping @Sendable () async -> Void
    ) {
        self.sessions = sessions
        self.drafts = drafts
        self.socialWrites = socialWrites
        self.stripChoices = stripChoices
        self.hiddenAuthors = hiddenAuthors
        self.seen = seen
        self.geocodingCache = geocodingCache
        self.activity = activity
        self.pushSubscriptions = pushSubscriptions
        self.close = close
    }
}

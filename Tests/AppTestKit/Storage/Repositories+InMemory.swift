import FeatureTestKit
import Geocoding
package import GrainStoriesWeb

extension Repositories {
    /// The in-memory adapter: every repository in this process's memory, lost when it
    /// ends. For the contract suite and for tests that build the application without a
    /// database file (`edges.storage = { _ in .inMemory() }`).
    package static func inMemory() -> Repositories {
        Repositories(
            sessions: InMemorySessionRepository(),
            drafts: InMemoryDraftRepository(),
            socialWrites: InMemorySocialWriteRepository(),
            stripChoices: InMemoryStripChoiceRepository(),
            hiddenAuthors: InMemoryHiddenAuthorRepository(),
            seen: InMemorySeenRepository(),
            geocodingCache: InMemoryGeocodingCache(),
            activity: InMemoryActivityRepository(),
            pushSubscriptions: InMemoryPushSubscriptionRepository(),
            close: {}
        )
    }
}

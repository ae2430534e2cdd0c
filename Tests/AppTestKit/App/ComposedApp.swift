package import Accounts
package import GrainStoriesWeb
package import GrainSupport
package import MicroHTTPServer
package import PhotoPipeline
package import Posting
package import Social
package import Viewing
package import WorkerThreads

/// An application built by the composition root, as tests see it (the in-process
/// `AppHarness` and the socket-served `LiveApp`): the parts a test drives or inspects are
/// named here, so tests say `app.drafts` rather than reaching into `root.posting.drafts`,
/// and a move inside the composition root changes this file, not the tests.
package protocol ComposedApp {
    /// The application as `GrainStoriesApp.build` made it.
    var root: GrainStoriesApp { get }
}

extension ComposedApp {
    /// The responder the server uses.
    package var application: Application { root.application }
    /// Drafts: uploads made into stories not yet published.
    package var drafts: any DraftRepository { root.posting.drafts }
    /// The publish state machine (tests run it with `runDue()`).
    package var publisher: Publisher { root.posting.publisher }
    /// The queue photo processing waits in.
    package var photoQueue: BudgetedWorkQueue { root.posting.photoQueue }
    /// Signed-in sessions.
    package var sessions: SessionStore { root.sessions }
    /// Signs and checks media URLs.
    package var signer: MediaURLSigner { root.signer }
    /// Renders pages (and holds the CSRF rules).
    package var pages: PageRenderer { root.pages }
    /// The outbox that writes follows, blocks, favourites and comments to PDSes.
    package var socialOutbox: SocialOutbox { root.social }
    /// The data directory and its subdirectories.
    package var data: DataDirectory { root.data }
    /// The configuration the application was built with.
    package var configuration: AppConfiguration { root.configuration }
    /// The application's logger (captured by the harness).
    package var logger: Logger { root.logger }
    /// The story library the pages read (the edge behind the application's caches).
    package var storyLibrary: any StoryLibrary { root.library }
    /// The storage adapter the composition root chose (SQLite in the data directory unless a test chose another).
    package var repositories: Repositories { root.repositories }
    /// How uploaded photos are processed (budgets, sizes).
    package var photoProcessing: PhotoProcessingOptions { root.posting.processing }
    /// The identity edge (a fake, or the live resolver the configuration made).
    package var identity: any IdentityResolving { root.edges.identity }

    /// Where the photo of draft `draftID` is kept.
    package func draftPhotoPath(_ draftID: DraftID) -> String { root.posting.data.draftPhoto(draftID) }

    /// A server for the application, as `serve` makes it, with `now` for request deadlines.
    package func makeServer(now: @escaping @Sendable () -> ContinuousClock.Instant) -> HTTPServer { root.makeServer(now: now) }
}

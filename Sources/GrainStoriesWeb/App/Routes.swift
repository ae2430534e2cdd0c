import ATProto
import MicroHTTPServer
import Posting
import Viewing

/// Every route the server answers, declared in one place, over the handlers the
/// composition root (`GrainStoriesApp`) built, each with only the parts it uses.
struct Routes: Sendable {
    var home: HomePage
    var stripChoice: StripChoiceEndpoint
    var authorStories: AuthorStoriesPage
    var viewer: StoryViewerPage
    var favorite: FavoriteEndpoint
    var comments: CommentsPage
    var mentions: MentionSearchEndpoint
    var profile: ProfilePage
    var tv: TVPage
    var tvSettings: TVSettingsPage
    var tvQRCode: TVQRCode
    var hidden: HiddenPage
    var seen: SeenEndpoint
    var media: MediaHandler
    var health: HealthCheck
    var signIn: SignInPage
    /// The OAuth client's documents; nil when OAuth is off.
    var oauthDocuments: OAuthClientDocuments?
    var signOut: SignOutEndpoint
    var switchAccount: AccountSwitchEndpoint
    var newStory: NewStoryPage
    var share: ShareTargetEndpoint
    var draft: DraftPage
    var deleteStory: DeleteStoryPage
    var localPhoto: LocalPhotoHandler
    var activity: ActivityPage
    var push: PushSubscriptionEndpoint
    var files: StaticFileHandler
    var webApp: WebAppFiles
    /// The configured request body limit: an upload may use all of it.
    var maxUploadBytes: Int

    func router() -> Router {
        var router = Router()
        router.get("/", immediately: { try home.respondImmediately($0) }) { try await home.respond($0) }
        router.post("/strip", body: .form(2048, needsAccount: true)) { try await stripChoice.respond($0) }
        router.get("/profile/:actor/story/:rkey") { try await viewer.respond($0) }
        router.post("/profile/:actor/story/:rkey/favorite", body: .form(4096, needsAccount: true)) { try await favorite.respond($0) }
        router.get("/profile/:actor/story/:rkey/comments") { try await comments.show($0) }
        router.post("/profile/:actor/story/:rkey/comments", body: .form(16 * 1024, needsAccount: true)) { try await comments.add($0) }
        router.post("/profile/:actor/story/:rkey/comments/favorite", body: .form(4096, needsAccount: true)) { try await comments.favorite($0) }
        router.post("/profile/:actor/story/:rkey/comments/:comment/delete", body: .form(4096, needsAccount: true)) { try await comments.delete($0) }
        router.get("/profile/:actor/story/:rkey/delete") {
            try await deleteStory.confirm($0, actor: $0.actorParameter(), rkey: $0.parameter("rkey", as: RecordKey.self))
        }
        router.post("/profile/:actor/story/:rkey/delete", body: .form(4096, needsAccount: true)) {
            try await deleteStory.delete($0, actor: $0.actorParameter(), rkey: $0.parameter("rkey", as: RecordKey.self))
        }
        router.get("/mentions") { try await mentions.respond($0) }
        router.get("/profile/:actor") { try await profile.respond($0) }
        router.get("/tv") { try await tv.respond($0) }
        router.get(TVSettingsPage.path) { try tvSettings.show($0) }
        router.post(TVSettingsPage.path, body: .form(4096)) { try tvSettings.save($0) }
        router.get("/tv/qr/:actor/:rkey") { try tvQRCode.respond($0) }
        router.get(HiddenPage.path) { try await hidden.show($0) }
        router.post(HiddenPage.path, body: .form(4096, needsAccount: true)) { try await hidden.act($0) }
        router.post("/seen", body: .form(2048)) { try await seen.respond($0) }
        router.get("/signin") { try signIn.show($0) }
        router.post("/signin", body: .form(8 * 1024)) { try await signIn.submit($0) }
        if let oauthDocuments {
            router.post(SignInPage.oauthPath, body: .form(8 * 1024)) { try await signIn.startOAuth($0) }
            router.get(OAuthClientDocuments.callbackPath) { try await signIn.completeOAuth($0) }
            router.getImmediately(OAuthClientDocuments.metadataPath) { _ in oauthDocuments.metadataResponse() }
            router.getImmediately(OAuthClientDocuments.jwksPath) { _ in oauthDocuments.jwksResponse() }
        }
        router.post("/signout", body: .form(4096)) { try await signOut.respond($0) }
        router.post("/accounts/switch", body: .form(4096, needsAccount: true)) { try await switchAccount.respond($0) }
        router.get("/stories/new") { try newStory.show($0) }
        router.post("/stories/new", body: RouteBody(maxBytes: maxUploadBytes, needsAccount: true, timeLimit: .seconds(600))) { try await newStory.upload($0) }
        // The share target: from the browser itself or this site only, signed in or not.
        router.post(
            ShareTargetEndpoint.path, body: RouteBody(maxBytes: maxUploadBytes, timeLimit: .seconds(600), refusesOtherSites: true)
        ) { try await share.receive($0) }
        router.get(ShareTargetEndpoint.path) { try await share.resume($0) }
        router.get("/drafts/:id") { try await draft.show($0, id: $0.parameter("id", as: DraftID.self)) }
        router.post("/drafts/:id", body: .form(16 * 1024, needsAccount: true)) { try await draft.act($0, id: $0.parameter("id", as: DraftID.self)) }
        router.get("/drafts/:id/photo") { try await draft.photo($0, id: $0.parameter("id", as: DraftID.self)) }
        router.get("/drafts/:id/places") { try await draft.places($0, id: $0.parameter("id", as: DraftID.self)) }
        router.get("/local-photos/:id", usesAccount: false) { try await localPhoto.respond($0, id: $0.parameter("id", as: DraftID.self)) }
        router.get("/stories/:actor") { try await authorStories.respond($0) }
        router.get("/stories/:actor/cover") { try await authorStories.cover($0) }
        router.get("/stories/:actor/cover/:width") { try await authorStories.cover($0, width: $0.parameter("width")) }
        router.get("/media/:signature/:url", usesAccount: false, immediately: { try media.respondImmediately($0) }) { try await media.respond($0) }
        router.get("/media/:signature/:url/:width", usesAccount: false, immediately: { try media.respondSizedImmediately($0) }) {
            try await media.respondSized($0)
        }
        router.get(ActivityPage.path) { try await activity.show($0) }
        router.post("/activity/settings", body: .form(2048, needsAccount: true)) { try await activity.settings($0) }
        router.get("/activity/push") { try await push.show($0) }
        router.post("/activity/push", body: .form(8192, needsAccount: true)) { try await push.turnOn($0) }
        router.post("/activity/push/off", body: .form(8192, needsAccount: true)) { try await push.turnOff($0) }
        // The push-only worker of earlier releases had this address: its registrations update to the one worker.
        router.getImmediately("/push-sw.js") { webApp.respondServiceWorker($0.request) }
        router.getImmediately("/healthz") { health.respond($0) }
        router.getImmediately("/assets/*path") { try files.respond(name: $0.parameter("path"), request: $0.request) }
        // Made from Public/favicon.svg by scripts/generate-icons; a day before browsers ask again.
        router.getImmediately("/favicon.ico") { try files.respond(name: "favicon.ico", request: $0.request, maxAge: 86_400) }
        // Apple's home-screen icon, which iOS also asks for by these names.
        for name in ["/apple-touch-icon.png", "/apple-touch-icon-precomposed.png"] {
            router.getImmediately(name) { try files.respond(name: "icons/apple-touch-icon.png", request: $0.request, maxAge: 86_400) }
        }
        router.getImmediately(WebAppManifest.path) { webApp.respondManifest($0.request) }
        router.getImmediately(WebAppFiles.serviceWorkerPath) { webApp.respondServiceWorker($0.request) }
        router.getImmediately(WebAppFiles.offlinePath) { webApp.respondOfflinePage($0.request) }
        router.getImmediately("/robots.txt") { try files.respond(name: "robots.txt", request: $0.request) }
        return router
    }
}

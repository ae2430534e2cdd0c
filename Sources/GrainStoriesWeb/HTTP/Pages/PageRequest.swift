import MicroHTTPServer
import Viewing

/// Facts about a page request that several handlers need.
extension RequestContext {
    /// Requests our own script makes to fetch a story page ahead of showing it. They
    /// must not mark the story as seen; the script reports what it actually shows.
    var isScriptFetch: Bool {
        request.headers["X-GrainStories-Fetch"] == "1"
    }

    /// Where the viewer's close control should lead, if the link said.
    var back: String? { StoryLinks.safeBack(query["back"]) }

    /// The viewer was opened from a profile: it plays only that person, then closes
    /// (`StoryLinks.onePerson`).
    var isOnePerson: Bool { query["from"] == "profile" }
}

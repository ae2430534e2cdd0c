import MicroHTTPServer

/// Facts about a page request that several handlers need.
extension RequestContext {
    /// A browser reload (`Cache-Control: max-age=0` or `no-cache`) bypasses the short
    /// upstream caches, so reloading the page shows what Grain has now.
    var isReload: Bool {
        let cacheControl = request.headers["Cache-Control"]?.lowercased() ?? ""
        return cacheControl.contains("no-cache") || cacheControl.contains("max-age=0")
            || request.headers["Pragma"]?.lowercased() == "no-cache"
    }

    /// Requests our own script makes to fetch a story page ahead of showing it. They
    /// must not mark the story as seen; the script reports what it actually shows.
    var isScriptFetch: Bool {
        request.headers["X-GrainStories-Fetch"] == "1"
    }

    /// Where the viewer's close control should lead, if the link said.
    var back: String? { StoryLinks.safeBack(query["back"]) }
}

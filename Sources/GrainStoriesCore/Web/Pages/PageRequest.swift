import MicroHTTPServer

/// Facts about a page request that several handlers need.
extension RequestContext {
    /// A browser reload (`Cache-Control: max-age=0` or `no-cache`) bypasses the short
    /// upstream caches, so reloading the page shows what Grain has now.
    var isReload: Bool {
        // Substring search costs more than the rest of this check, so it only runs
        // when the header is there at all.
        if let cacheControl = request.headers["Cache-Control"]?.lowercased(),
           cacheControl.contains("no-cache") || cacheControl.contains("max-age=0") {
            return true
        }
        return request.headers["Pragma"]?.lowercased() == "no-cache"
    }

    /// Requests our own script makes to fetch a story page ahead of showing it. They
    /// must not mark the story as seen; the script reports what it actually shows.
    var isScriptFetch: Bool {
        request.headers["X-GrainStories-Fetch"] == "1"
    }

    /// Where the viewer's close control should lead, if the link said.
    var back: String? { StoryLinks.safeBack(query["back"]) }
}

package import ATProto
import GrainSupport

/// The URLs pages link to, built in one place so every link is encoded the same way.
package enum StoryLinks {
    /// `/profile/{did}/story/{rkey}`: the same path as Grain's story links, so a link
    /// works on grain.social with the host swapped.
    package static func story(did: DID, rkey: RecordKey, back: String? = nil) -> String {
        withBack("/profile/\(PercentEncoding.encodePathSegment(did.rawValue))/story/\(PercentEncoding.encodePathSegment(rkey.rawValue))", back)
    }

    /// `/stories/{actor}`: an author's stories from the first one not yet seen.
    package static func author(_ actor: some ProtocolText, back: String? = nil) -> String {
        withBack("/stories/\(PercentEncoding.encodePathSegment(actor.rawValue))", back)
    }

    /// `/stories/{did}/cover`: the photo of an author's newest story (a redirect to its
    /// proxied thumbnail), so the home page's grid costs no AppView calls to render: each
    /// tile's image asks on its own, lazily, when it comes into view.
    package static func cover(_ did: DID) -> String {
        "/stories/\(PercentEncoding.encodePathSegment(did.rawValue))/cover"
    }

    package static func profile(_ actor: some ProtocolText) -> String {
        "/profile/\(PercentEncoding.encodePathSegment(actor.rawValue))"
    }

    /// `/signin`, saying why when the session `expired`, and coming back to `next`.
    package static func signIn(expired: Bool = false, next: String? = nil) -> String {
        var parameters: [String] = []
        if expired { parameters.append("reason=expired") }
        if let next = safeBack(next) { parameters.append("next=" + PercentEncoding.encodeComponent(next)) }
        return parameters.isEmpty ? "/signin" : "/signin?" + parameters.joined(separator: "&")
    }

    /// A `back` value from a query string, kept only if it is a path on this site
    /// (never `//host`, a scheme, or a backslash trick), else nil.
    package static func safeBack(_ value: String?) -> String? {
        guard let value, value.hasPrefix("/"), !value.hasPrefix("//"), !value.hasPrefix("/\\"),
            value.utf8.count <= 512,
            !value.unicodeScalars.contains(where: { $0.value < 0x21 || $0 == "\\" || $0.value == 0x7F })
        else { return nil }
        return value
    }

    private static func withBack(_ path: String, _ back: String?) -> String {
        guard let back, back != "/" else { return path }
        return path + "?back=" + PercentEncoding.encodeComponent(back)
    }
}

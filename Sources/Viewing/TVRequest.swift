package import ATProto
import FoundationEssentials
import GrainSupport

/// What a `/tv` address asks for, checked once: whose follows to play (`for`, a handle
/// or DID; absent: everyone), how many seconds each story stays (`interval`, a whole
/// number from 3 to 60, default 8), which story to show (`at`, `DID/RKEY`; absent: the
/// first), and whether the page holds still (`paused=1`, for browsers without scripts).
///
/// Parsing an address is the web layer's (`TVRequest+Query`): a value that is there but wrong is a 400 naming what is allowed rather than a silent
/// default: a TV is set up once, by someone typing an address, and a typo they are told
/// about is one they fix; silently clamping `interval=600` to 60 would look like a bug.
/// Links the page makes carry only what differs from the defaults.
package struct TVRequest: Sendable, Equatable {
    package static let intervals = 3...60
    package static let defaultInterval = 8

    /// A story, as `at=` names it.
    package typealias Position = StoryPosition

    package var actor: ATIdentifier?
    package var interval: Int
    package var at: Position?
    package var paused: Bool

    package init(actor: ATIdentifier? = nil, interval: Int = TVRequest.defaultInterval, at: Position? = nil, paused: Bool = false) {
        self.actor = actor
        self.interval = interval
        self.at = at
        self.paused = paused
    }

    /// This address at another story (nil: the first), playing or paused.
    package func href(at story: Position?, paused: Bool = false) -> String {
        var parts: [String] = []
        if let actor { parts.append("for=" + PercentEncoding.encodePathSegment(actor.rawValue)) }
        if interval != TVRequest.defaultInterval { parts.append("interval=\(interval)") }
        if let story {
            parts.append("at=" + PercentEncoding.encodePathSegment(story.did.rawValue) + "/" + PercentEncoding.encodePathSegment(story.rkey.rawValue))
        }
        if paused { parts.append("paused=1") }
        return parts.isEmpty ? "/tv" : "/tv?" + parts.joined(separator: "&")
    }
}

extension TVRequest.Position {
    package init(_ story: StoryView) {
        self.init(did: story.creator.did, rkey: story.rkey)
    }
}

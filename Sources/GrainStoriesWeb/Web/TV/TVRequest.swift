import Foundation
import ATProto
import GrainSupport

/// What a `/tv` address asks for, checked once: whose follows to play (`for`, a handle
/// or DID; absent: everyone), how many seconds each story stays (`interval`, a whole
/// number from 3 to 60, default 8), which story to show (`at`, `DID/RKEY`; absent: the
/// first), and whether the page holds still (`paused=1`, for browsers without scripts).
///
/// A value that is there but wrong is a 400 naming what is allowed rather than a silent
/// default: a TV is set up once, by someone typing an address, and a typo they are told
/// about is one they fix; silently clamping `interval=600` to 60 would look like a bug.
/// Links the page makes carry only what differs from the defaults.
struct TVRequest: Sendable, Equatable {
    static let intervals = 3...60
    static let defaultInterval = 8

    /// A story, as `at=` names it.
    struct Position: Sendable, Equatable {
        var did: DID
        var rkey: RecordKey
    }

    var actor: ATIdentifier?
    var interval: Int
    var at: Position?
    var paused: Bool

    init(actor: ATIdentifier? = nil, interval: Int = TVRequest.defaultInterval, at: Position? = nil, paused: Bool = false) {
        self.actor = actor
        self.interval = interval
        self.at = at
        self.paused = paused
    }

    init(query: QueryParameters) throws(HTTPError) {
        self.init()
        if let text = query["for"] {
            guard let actor = ATIdentifier(text.trimmingCharacters(in: .whitespaces)) else {
                throw HTTPError.badRequest("“\(text.prefix(100))” after ?for= is not a handle (like alice.bsky.social) or a DID (like did:plc:…).")
            }
            self.actor = actor
        }
        if let text = query["interval"] {
            guard let seconds = Int(text), TVRequest.intervals.contains(seconds) else {
                throw HTTPError.badRequest(
                    "interval must be a whole number of seconds from \(TVRequest.intervals.lowerBound) to \(TVRequest.intervals.upperBound) (the default is \(TVRequest.defaultInterval)); “\(text.prefix(20))” is not.")
            }
            interval = seconds
        }
        if let text = query["at"] {
            guard let slash = text.lastIndex(of: "/"), let did = DID(text[..<slash]),
                  let rkey = RecordKey(text[text.index(after: slash)...])
            else { throw HTTPError.badRequest("at must name a story as DID/record-key.") }
            at = Position(did: did, rkey: rkey)
        }
        if let text = query["paused"] {
            guard text == "1" || text == "0" else { throw HTTPError.badRequest("paused must be 1 or 0.") }
            paused = text == "1"
        }
    }

    /// This address at another story (nil: the first), playing or paused.
    func href(at story: Position?, paused: Bool = false) -> String {
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
    init(_ story: StoryView) {
        self.init(did: story.creator.did, rkey: story.rkey)
    }
}

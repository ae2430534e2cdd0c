import ATProto
import FoundationEssentials
import GrainSupport
import MicroHTTPServer
import Viewing

extension TVRequest {
    /// Reads a `/tv` address; a value that is there but wrong is a 400 naming what is
    /// allowed (see `TVRequest`).
    init(query: QueryParameters) throws(HTTPError) {
        self.init()
        if let text = query["for"] {
            guard let actor = ATIdentifier(text.trimmingWhitespace()) else {
                throw HTTPError.badRequest("“\(text.prefix(100))” after ?for= is not a handle (like alice.bsky.social) or a DID (like did:plc:…).")
            }
            self.actor = actor
        }
        if let text = query["interval"] {
            guard let seconds = Int(text), TVRequest.intervals.contains(seconds) else {
                throw HTTPError.badRequest(
                    "interval must be a whole number of seconds from \(TVRequest.intervals.lowerBound) to \(TVRequest.intervals.upperBound) (the default is \(TVRequest.defaultInterval)); “\(text.prefix(20))” is not."
                )
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

}

import ATProto
import FoundationEssentials
import GrainSupport
import MicroHTTPServer

/// `GET /mentions?q=ali`: the composer's `@mention` suggestions, as JSON
/// (`{"actors":[{"handle":…,"name":…}]}`), from the AppView's actor search, or the
/// handle resolver's when Grain does not answer (`ActorTypeahead`). Only for a signed-in person (it is for writing comments, and this
/// server is not a search proxy for anyone). A query that cannot be a handle's start, or
/// a search that fails, gives an empty list: suggestions are a help, never in the way.
struct MentionSearchEndpoint: Sendable {
    /// nil: no suggestions (a server built without them).
    let typeahead: ActorTypeahead?

    /// Longest prefix asked about (a handle is at most 253 characters; people type less).
    static let maxQueryLength = 64

    func respond(_ context: RequestContext) async throws -> HTTPResponse {
        _ = try context.requireAccount()
        var query = (context.query["q"] ?? "").trimmingWhitespace()
        if query.hasPrefix("@") { query.removeFirst() }
        var actors: [ProfileView] = []
        if !query.isEmpty, query.count <= Self.maxQueryLength,
            query.unicodeScalars.allSatisfy({ Self.isAlphanumeric($0) || ".-_".unicodeScalars.contains($0) })
        {
            actors = (try? await typeahead?.search(query)) ?? []
        }
        let items = actors.compactMap { actor -> [String: String]? in
            guard let handle = actor.handle else { return nil }
            return ["handle": handle.rawValue, "name": actor.name]
        }
        let body = (try? JSONEncoder().encode(["actors": items])) ?? Data(#"{"actors":[]}"#.utf8)
        var headers = HTTPHeaders()
        headers.add("Content-Type", "application/json")
        headers.add("Cache-Control", "no-store")
        return HTTPResponse(status: .ok, headers: headers, body: .bytes(Array(body)))
    }

    /// Foundation's `CharacterSet.alphanumerics`: Unicode's letters, marks and numbers.
    static func isAlphanumeric(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.properties.generalCategory {
        case .uppercaseLetter, .lowercaseLetter, .titlecaseLetter, .modifierLetter, .otherLetter,
            .nonspacingMark, .spacingMark, .enclosingMark, .decimalNumber, .letterNumber, .otherNumber:
            true
        default: false
        }
    }
}

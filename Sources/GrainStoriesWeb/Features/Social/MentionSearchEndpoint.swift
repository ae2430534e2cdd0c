import ATProto
import Accounts
import FoundationEssentials
import GrainSupport
import MicroHTTPServer
import Social

/// `GET /mentions?q=ali`: the composer's `@mention` suggestions, as JSON
/// (`{"actors":[{"handle":…,"name":…}]}`), from the AppView's actor search, or the
/// handle resolver's when Grain does not answer (`ActorTypeahead`). Only for a signed-in person (it is for writing comments, and this
/// server is not a search proxy for anyone). A query that cannot be a handle's start, or
/// a search that fails, gives an empty list: suggestions are a help, never in the way.
/// Searches are limited per account and per client address (an IPv6 /64 is one), and
/// only a few may be out at once (`MentionSuggestions`): past its allowance a browser is
/// answered 429, and while the searches' share of the AppView's connections is in use
/// 503, each with `Retry-After` and an empty list (the script then waits that long).
struct MentionSearchEndpoint: Sendable {
    let suggestions: MentionSuggestions

    /// Longest prefix asked about (a handle is at most 253 characters; people type less).
    static let maxQueryLength = 64

    func respond(_ context: RequestContext) async throws -> HTTPResponse {
        let account = try context.requireAccount()
        var query = (context.query["q"] ?? "").trimmingWhitespace()
        if query.hasPrefix("@") { query.removeFirst() }
        guard !query.isEmpty, query.count <= Self.maxQueryLength,
            query.unicodeScalars.allSatisfy({ Self.isAlphanumeric($0) || ".-_".unicodeScalars.contains($0) })
        else { return Self.answer([]) }
        let client = ClientAddressKey.key(for: context.request.clientAddress)
        switch await suggestions.search(query, account: account.did.rawValue, client: client) {
        case .people(let actors): return Self.answer(actors)
        case .tooMany(let wait): return Self.answer([], status: .tooManyRequests, retryAfter: wait)
        case .busy: return Self.answer([], status: .serviceUnavailable, retryAfter: .seconds(1))
        }
    }

    /// The JSON answer, with `Retry-After` in whole seconds when given.
    static func answer(_ actors: [ProfileView], status: HTTPStatus = .ok, retryAfter: Duration? = nil) -> HTTPResponse {
        let items = actors.compactMap { actor -> [String: String]? in
            guard let handle = actor.handle else { return nil }
            return ["handle": handle.rawValue, "name": actor.name]
        }
        let body = (try? JSONEncoder().encode(["actors": items])) ?? Data(#"{"actors":[]}"#.utf8)
        var headers = HTTPHeaders()
        headers.add("Content-Type", "application/json")
        headers.add("Cache-Control", "no-store")
        if let retryAfter { headers.add("Retry-After", String(max(1, retryAfter.components.seconds))) }
        return HTTPResponse(status: status, headers: headers, body: .bytes(Array(body)))
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

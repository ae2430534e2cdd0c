import ATProto
import FoundationEssentials
import GrainSupport

/// One token of a granted scope, read as an AT Protocol permission
/// (https://atproto.com/specs/permission), so the server can tell what a grant allows
/// rather than only whether it holds a token spelled exactly as asked.
///
/// Only the permissions this server acts on are modelled (`atproto`,
/// `transition:generic`, `repo`, `blob`); every other token, and every malformed one,
/// reads as `nil` and allows nothing. The syntax is `resource[:positional][?query]`: the
/// positional value and query values are percent-decoded; the positional value may
/// instead be given as its query parameter, but not both; unknown parameters and
/// unknown values make the whole token invalid, as on the reference implementation (a
/// token the server half-understands must not grant more than it says).
package enum ScopePermission: Sendable, Equatable {
    /// `atproto`: signing in, no resource access by itself.
    case atproto
    /// `transition:generic`: everything an app password could do, so every repo write
    /// and every blob.
    case transitionGeneric
    /// `repo:<collection>` or `repo?collection=…`: the actions on those collections
    /// (`*` meaning any); all three actions when the token names none.
    case repo(collections: [String], actions: Set<RepoAction>)
    /// `blob:<mime>` or `blob?accept=…`: uploads whose media type one of these ranges
    /// covers.
    case blob(accept: [MediaRange])

    /// A media type or range (`image/jpeg`, `image/*`, `*/*`), lower-cased, as a blob
    /// permission's `accept` holds it.
    package struct MediaRange: Sendable, Hashable, CustomStringConvertible {
        /// The top-level type, or `*`.
        package let type: String
        /// The subtype, or `*`.
        package let subtype: String

        /// Nil unless `text` is `type/subtype` of restricted-name characters (RFC 6838),
        /// `type/*` or `*/*`; `*/subtype` is not a range. Parameters (`; charset=…`) are
        /// not accepted here.
        package init?(_ text: some StringProtocol) {
            let parts = text.lowercased().split(separator: "/", omittingEmptySubsequences: false)
            guard parts.count == 2 else { return nil }
            let (type, subtype) = (String(parts[0]), String(parts[1]))
            if type == "*" {
                guard subtype == "*" else { return nil }
            } else {
                guard Self.isRestrictedName(type), subtype == "*" || Self.isRestrictedName(subtype) else { return nil }
            }
            self.type = type
            self.subtype = subtype
        }

        package var description: String { type + "/" + subtype }

        /// Whether every media type `other` stands for is one this range stands for:
        /// `*/*` covers all, `image/*` covers `image/png` and `image/*`, `image/png` only
        /// itself.
        package func covers(_ other: MediaRange) -> Bool {
            if type == "*" { return true }
            guard type == other.type else { return false }
            return subtype == "*" || subtype == other.subtype
        }

        /// RFC 6838 §4.2: a letter or digit, then up to 126 of `a-z0-9!#$&-^_.+`.
        private static func isRestrictedName(_ text: String) -> Bool {
            let bytes = Array(text.utf8)
            guard let first = bytes.first, bytes.count <= 127, isAlphanumeric(first) else { return false }
            return bytes.dropFirst().allSatisfy { isAlphanumeric($0) || Array("!#$&-^_.+".utf8).contains($0) }
        }

        private static func isAlphanumeric(_ byte: UInt8) -> Bool {
            (0x30...0x39).contains(byte) || (0x61...0x7A).contains(byte)
        }
    }

    /// The permission a scope token grants; nil for unknown, unsupported or malformed
    /// tokens, which grant nothing.
    package init?(_ token: some StringProtocol) {
        let token = String(token)
        guard token.utf8.count <= 2048, !token.contains(where: { $0 == " " || $0.isNewline }) else { return nil }
        if token == "atproto" {
            self = .atproto
            return
        }
        if token == "transition:generic" {
            self = .transitionGeneric
            return
        }
        guard let syntax = Syntax(token) else { return nil }
        switch syntax.resource {
        case "repo": self.init(repo: syntax)
        case "blob": self.init(blob: syntax)
        default: return nil
        }
    }

    private init?(repo syntax: Syntax) {
        guard syntax.parameterNames.isSubset(of: ["collection", "action"]),
            let collections = syntax.values(positionalOr: "collection"), !collections.isEmpty,
            collections.allSatisfy({ $0 == "*" || NSID($0) != nil })
        else { return nil }
        let actionNames = syntax.parameters.filter { $0.name == "action" }.map(\.value)
        var actions: Set<RepoAction> = []
        for name in actionNames {
            guard let action = RepoAction(rawValue: name) else { return nil }
            actions.insert(action)
        }
        self = .repo(collections: collections, actions: actionNames.isEmpty ? Set(RepoAction.allCases) : actions)
    }

    private init?(blob syntax: Syntax) {
        guard syntax.parameterNames.isSubset(of: ["accept"]), let texts = syntax.values(positionalOr: "accept"), !texts.isEmpty
        else { return nil }
        let ranges = texts.compactMap(MediaRange.init)
        guard ranges.count == texts.count else { return nil }
        self = .blob(accept: ranges)
    }

    /// Whether this permission allows `action` on records of `collection` (an NSID).
    package func allowsRepo(_ collection: String, action: RepoAction) -> Bool {
        guard NSID(collection) != nil else { return false }
        switch self {
        case .transitionGeneric: return true
        case .repo(let collections, let actions): return actions.contains(action) && (collections.contains("*") || collections.contains(collection))
        case .atproto, .blob: return false
        }
    }

    /// Whether this permission allows uploading a blob of `mimeType` (a media type,
    /// parameters allowed, or a range, which must be covered whole).
    package func allowsBlob(mimeType: String) -> Bool {
        let essence = mimeType.split(separator: ";", maxSplits: 1, omittingEmptySubsequences: false).first ?? ""
        guard let wanted = MediaRange(essence.trimmingWhitespace()) else { return false }
        switch self {
        case .transitionGeneric: return true
        case .blob(let accept): return accept.contains { $0.covers(wanted) }
        case .atproto, .repo: return false
        }
    }

    /// A token split into its resource, decoded positional value and decoded query
    /// parameters (in order, repeats kept).
    private struct Syntax {
        var resource: String
        var positional: String?
        var parameters: [(name: String, value: String)]

        var parameterNames: Set<String> { Set(parameters.map(\.name)) }

        init?(_ token: String) {
            let resourceEnd = token.firstIndex { $0 == ":" || $0 == "?" } ?? token.endIndex
            resource = String(token[..<resourceEnd])
            guard !resource.isEmpty else { return nil }
            var rest = token[resourceEnd...]
            if rest.first == ":" {
                rest = rest.dropFirst()
                let positionalEnd = rest.firstIndex(of: "?") ?? rest.endIndex
                guard let decoded = PercentEncoding.decode(rest[..<positionalEnd], plusIsSpace: false), !decoded.isEmpty else { return nil }
                positional = decoded
                rest = rest[positionalEnd...]
            }
            parameters = []
            guard rest.first == "?" else { return }
            let query = rest.dropFirst()
            guard !query.isEmpty else { return nil }
            for pair in query.split(separator: "&", omittingEmptySubsequences: false) {
                let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
                guard parts.count == 2, let name = PercentEncoding.decode(parts[0], plusIsSpace: true), !name.isEmpty,
                    let value = PercentEncoding.decode(parts[1], plusIsSpace: true), !value.isEmpty
                else { return nil }
                parameters.append((name, value))
            }
        }

        /// The positional value, or else every value of the query parameter `name`;
        /// nil when both are given (ambiguous).
        func values(positionalOr name: String) -> [String]? {
            let named = parameters.filter { $0.name == name }.map(\.value)
            guard let positional else { return named }
            return named.isEmpty ? [positional] : nil
        }
    }
}

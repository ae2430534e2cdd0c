import Foundation
import GrainSupport

/// The stand-in PDS's reading of a granted scope (https://atproto.com/specs/permission):
/// whether it allows a repo write or a blob upload. Written independently of
/// OAuthClient's `ScopePermission`, as the rest of the stand-in is, so a bug in the
/// client's reading cannot be mirrored by the server that checks it (and so this test kit
/// stays below OAuthClient).
///
/// `transition:generic` allows everything; `repo:<nsid>`, `repo:*` and
/// `repo?collection=…` allow the `action`s named (all three when none is); `blob:<range>`
/// and `blob?accept=…` allow media types the ranges cover (`*/*`, `type/*`, `type/sub`).
/// Values are percent-decoded; a positional value and its query parameter together, an
/// unknown parameter or action, or a value that is not a collection or a range make the
/// token grant nothing; a collection that is not an NSID is never allowed.
package struct StandInScopeCheck: Sendable {
    /// The scope's tokens.
    let tokens: [Substring]

    package init(_ scope: String) { tokens = scope.split(separator: " ") }

    /// Whether some token allows `action` (`create`, `update` or `delete`) on `collection`.
    package func allowsRepo(_ collection: String, action: String) -> Bool {
        guard Self.isNSID(collection) else { return false }
        return tokens.contains { token in
            if token == "transition:generic" { return true }
            guard let (collections, params) = Self.parse(token, resource: "repo", positionalName: "collection"),
                Set(params.map(\.0)).isSubset(of: ["collection", "action"]),
                collections.allSatisfy({ $0 == "*" || Self.isNSID($0) })
            else { return false }
            let actions = params.filter { $0.0 == "action" }.map(\.1)
            guard actions.allSatisfy(["create", "update", "delete"].contains) else { return false }
            return (actions.isEmpty || actions.contains(action)) && (collections.contains("*") || collections.contains(collection))
        }
    }

    /// Whether some token allows uploading a blob of `mimeType` (parameters ignored; a
    /// range such as `image/*` or `*/*` must be covered whole).
    package func allowsBlob(mimeType: String) -> Bool {
        let essence = String(mimeType.split(separator: ";", maxSplits: 1, omittingEmptySubsequences: false)[0])
            .trimmingCharacters(in: .whitespaces).lowercased()
        let wanted = essence.split(separator: "/", omittingEmptySubsequences: false)
        guard wanted.count == 2, !wanted[0].isEmpty, !wanted[1].isEmpty, wanted[0] != "*" || wanted[1] == "*" else { return false }
        return tokens.contains { token in
            if token == "transition:generic" { return true }
            guard let (ranges, params) = Self.parse(token, resource: "blob", positionalName: "accept"),
                params.allSatisfy({ $0.0 == "accept" })
            else { return false }
            let parsed = ranges.map { $0.lowercased().split(separator: "/", omittingEmptySubsequences: false) }
            guard parsed.allSatisfy({ $0.count == 2 && !$0[0].isEmpty && !$0[1].isEmpty && ($0[0] != "*" || $0[1] == "*") }) else {
                return false
            }
            return parsed.contains { range in
                range[0] == "*" || (range[0] == wanted[0] && (range[1] == "*" || range[1] == wanted[1]))
            }
        }
    }

    /// `resource:positional?query` or `resource?query`: the positional value or else the
    /// values of `positionalName` (non-empty), and every query parameter; nil for another
    /// resource or bad syntax.
    private static func parse(_ token: Substring, resource: String, positionalName: String) -> ([String], [(String, String)])? {
        guard token.hasPrefix(resource) else { return nil }
        var rest = token.dropFirst(resource.count)
        var positional: String?
        if rest.first == ":" {
            let end = rest.firstIndex(of: "?") ?? rest.endIndex
            guard let value = PercentEncoding.decode(rest[rest.index(after: rest.startIndex)..<end], plusIsSpace: false), !value.isEmpty
            else { return nil }
            positional = value
            rest = rest[end...]
        }
        var params: [(String, String)] = []
        if rest.first == "?" {
            for pair in rest.dropFirst().split(separator: "&", omittingEmptySubsequences: false) {
                let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
                guard parts.count == 2, let name = PercentEncoding.decode(parts[0], plusIsSpace: true),
                    let value = PercentEncoding.decode(parts[1], plusIsSpace: true), !name.isEmpty, !value.isEmpty
                else { return nil }
                params.append((name, value))
            }
        } else if !rest.isEmpty {
            return nil
        }
        let named = params.filter { $0.0 == positionalName }.map(\.1)
        if let positional { return named.isEmpty ? ([positional], params) : nil }
        return named.isEmpty ? nil : (named, params)
    }

    /// Three or more dot-separated segments of letters, digits and hyphens, the last a
    /// name (letters and digits, a letter first).
    private static func isNSID(_ text: String) -> Bool {
        let segments = text.split(separator: ".", omittingEmptySubsequences: false)
        guard segments.count >= 3, text.utf8.count <= 317, let name = segments.last, name.count <= 63, name.first?.isLetter == true else { return false }
        let ascii = { (c: Character) in c.isASCII && (c.isLetter || c.isNumber) }
        return name.allSatisfy(ascii)
            && segments.dropLast().allSatisfy { !$0.isEmpty && $0.count <= 63 && $0.allSatisfy { ascii($0) || $0 == "-" } && $0.first != "-" && $0.last != "-" }
    }
}

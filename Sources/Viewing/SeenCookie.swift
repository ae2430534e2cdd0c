import ATProto

/// The `seen` cookie: `SeenState` in a compact, cookie-safe text.
///
/// Format `v1!<entry>!<entry>…`, each entry `<did>~<milliseconds in base 36>`, with
/// `did:plc:` shortened to `p:`. DIDs only use characters that are legal in a cookie
/// value. Anything malformed is ignored entry by entry: the cookie is the browser's
/// and may be edited or truncated.
package enum SeenCookie {
    package static let name = "seen"

    package static func encode(_ state: SeenState) -> String {
        let entries = state.newestSeen.sorted { $0.value > $1.value }.map { did, time in
            compact(did) + "~" + String(time, radix: 36)
        }
        return (["v1"] + entries).joined(separator: "!")
    }

    package static func decode(_ text: String?) -> SeenState {
        guard let text, text.hasPrefix("v1!"), text.utf8.count <= 8192 else { return SeenState() }
        var newest: [DID: Int64] = [:]
        for entry in text.split(separator: "!").dropFirst() {
            let parts = entry.split(separator: "~")
            guard parts.count == 2, let time = Int64(parts[1], radix: 36), time > 0 else { continue }
            guard parts[0].utf8.count <= 256, let did = DID(expand(String(parts[0]))) else { continue }
            newest[did] = max(newest[did] ?? 0, time)
        }
        return SeenState(newestSeen: newest)
    }

    private static func compact(_ did: DID) -> String {
        did.rawValue.hasPrefix("did:plc:") ? "p:" + did.rawValue.dropFirst(8) : did.rawValue
    }

    private static func expand(_ text: String) -> String {
        text.hasPrefix("p:") ? "did:plc:" + text.dropFirst(2) : text
    }
}

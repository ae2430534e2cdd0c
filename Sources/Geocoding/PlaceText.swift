/// Cleaning for every piece of text that comes back from a geocoder or goes to one.
///
/// Nominatim's data is crowd-sourced and the response travels over the network, so a
/// name may carry control characters, bidirectional overrides (which can make a label
/// read differently from what it is) or be arbitrarily long. Everything is cleaned
/// once, when a response is parsed, so caches only ever hold clean values.
enum PlaceText {
    /// The most characters kept in a name, street, locality or region: ample for real
    /// places and small enough for a record and a crosspost line.
    static let maxFieldLength = 200
    /// The most characters of a search query sent to Nominatim.
    static let maxQueryLength = 200
    /// Searches shorter than this are not sent, as in Grain's web client.
    static let minQueryLength = 2

    /// `text` without control and bidirectional formatting characters, with runs of
    /// whitespace collapsed to one space, trimmed and cut to `limit` characters; nil
    /// when nothing is left.
    static func clean(_ text: String, limit: Int = maxFieldLength) -> String? {
        var result = ""
        var pendingSpace = false
        var count = 0
        for character in text {
            if character.isWhitespace || character.unicodeScalars.contains(where: isControl) {
                // Controls become separators, not glue: "Main\u{0}Street" stays two words.
                pendingSpace = !result.isEmpty
                continue
            }
            if pendingSpace {
                guard count + 1 < limit else { break }
                result.append(" ")
                count += 1
                pendingSpace = false
            }
            result.append(character)
            count += 1
            if count >= limit { break }
        }
        return result.isEmpty ? nil : result
    }

    /// A search query as it is sent and cached: cleaned and capped; nil when it is
    /// shorter than `minQueryLength` characters.
    static func query(_ text: String) -> String? {
        guard let cleaned = clean(text, limit: maxQueryLength), cleaned.count >= minQueryLength else { return nil }
        return cleaned
    }

    /// C0 and C1 controls, DEL, and the Unicode bidirectional embedding, override and
    /// isolate characters.
    private static func isControl(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x00...0x1F, 0x7F...0x9F, 0x200E, 0x200F, 0x202A...0x202E, 0x2066...0x2069: true
        default: false
        }
    }
}

/// Refuses URLs whose scheme could run script or smuggle content (`javascript:`,
/// `vbscript:`, `data:` …) where a variable provides the start of a URL attribute.
///
/// Browsers strip leading whitespace and C0 control characters and ignore tabs and line
/// breaks anywhere in a URL, and schemes are case-insensitive, so the check does the same
/// before reading the scheme. A value is allowed if its scheme is http, https or mailto, or
/// if it has none (a relative URL: `/…`, `./…`, `?…`, `#…`, or no `:` before the first
/// `/`, `?` or `#`). Anything else is replaced, not escaped: there is no safe spelling of
/// `javascript:`.
enum URLSanitizer {
    static let blockedURL = "about:invalid#blocked"

    static func sanitized(_ url: String) -> String {
        isAllowed(url) ? url : blockedURL
    }

    static func isAllowed(_ url: String) -> Bool {
        if let allowed = url.utf8.withContiguousStorageIfAvailable(isAllowed) { return allowed }
        var copy = url
        return copy.withUTF8(isAllowed)
    }

    private static func isAllowed(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        // The scheme so far, packed into an integer to avoid allocating per check.
        var scheme: UInt64 = 0
        var length = 0
        var leading = true
        for byte in bytes {
            if leading {
                if byte <= 0x20 { continue }
                leading = false
            }
            switch byte {
            case 0x09, 0x0A, 0x0D:
                continue
            case UInt8(ascii: ":"):
                return length <= 6 && allowedSchemes.contains(scheme)
            case UInt8(ascii: "/"), UInt8(ascii: "?"), UInt8(ascii: "#"):
                return true
            default:
                length += 1
                if length <= 6 {
                    let lower = byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z") ? byte + 32 : byte
                    scheme = scheme << 8 | UInt64(lower)
                }
            }
        }
        return true
    }

    private static let allowedSchemes: [UInt64] = ["http", "https", "mailto"].map { name in
        name.utf8.reduce(0) { $0 << 8 | UInt64($1) }
    }
}

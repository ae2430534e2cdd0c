/// How much of a URL attribute's value is known at a given point of the template: enough
/// to say whether a variable there could choose the URL's scheme.
///
/// A variable that could choose the scheme (`href="{{link}}"`) is checked at render time
/// by ``URLSanitizer``. Once a literal `/`, `?`, `#` or an allowed `scheme:` has been seen
/// the scheme is fixed and variables only need HTML escaping. Literal text that would let
/// a variable complete a dangerous URL (`href="javascript:{{code}}"`,
/// `href="{{a}}:{{b}}"`) makes any later variable in the value a parse error.
enum URLPhase: Equatable, Sendable {
    /// Only whitespace so far.
    case start
    /// Literal scheme-like characters so far (lowercased, tabs and newlines dropped).
    case scheme(String)
    /// A variable may have started the scheme and nothing has ended it yet.
    case schemeAfterVariable
    /// The scheme is fixed and allowed (or the URL is relative).
    case decided
    /// A later variable would be unsafe here; the text says why.
    case blocked(String)

    /// Schemes a URL built around a variable may have.
    static let allowedSchemes: Set<String> = ["http", "https", "mailto"]
    private static let longestScheme = 32

    mutating func consumeLiteral(_ byte: UInt8, isList: Bool) {
        if isList, byte == UInt8(ascii: ",") {
            self = .start
            return
        }
        switch self {
        case .start:
            guard byte > 0x20 else { return }
            self = .scheme("")
            consumeLiteral(byte, isList: isList)
        case .scheme(var scheme):
            switch byte {
            case 0x09, 0x0A, 0x0D:
                return
            case UInt8(ascii: ":"):
                self =
                    Self.allowedSchemes.contains(scheme)
                    ? .decided
                    : .blocked(
                        "in a '\(scheme):' URL; only http, https and mailto URLs may contain variables"
                    )
            case UInt8(ascii: "/"), UInt8(ascii: "?"), UInt8(ascii: "#"):
                self = .decided
            case UInt8(ascii: "&"):
                self = .blocked("after a character reference in the URL's scheme")
            default:
                // Longer than any allowed scheme: keeping a prefix is enough to refuse it.
                guard scheme.utf8.count < Self.longestScheme else { return }
                let lower = byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z") ? byte + 32 : byte
                scheme.unicodeScalars.append(Unicode.Scalar(lower < 0x80 ? lower : UInt8(ascii: "?")))
                self = .scheme(scheme)
            }
        case .schemeAfterVariable:
            switch byte {
            case UInt8(ascii: ":"):
                self = .blocked("in a URL whose scheme is built from a variable")
            case UInt8(ascii: "&"):
                self = .blocked("after a character reference in the URL's scheme")
            case UInt8(ascii: "/"), UInt8(ascii: "?"), UInt8(ascii: "#"):
                self = .decided
            default:
                return
            }
        case .decided, .blocked:
            return
        }
    }

    /// Whether a variable here must go through ``URLSanitizer``; updates the phase for the
    /// text after it. Call only when not ``blocked(_:)``.
    mutating func noteVariable() -> Bool {
        switch self {
        case .start, .scheme, .schemeAfterVariable:
            self = .schemeAfterVariable
            return true
        case .decided, .blocked:
            return false
        }
    }

    /// A phase that is safe for both paths through a section: every phase is at least as
    /// strict as ``decided``, and ``schemeAfterVariable`` is at least as strict as any
    /// phase except ``blocked(_:)``.
    static func merged(_ first: URLPhase, _ second: URLPhase) -> URLPhase {
        if first == second { return first }
        if case .blocked = first { return first }
        if case .blocked = second { return second }
        if first == .decided { return second }
        if second == .decided { return first }
        return .schemeAfterVariable
    }
}

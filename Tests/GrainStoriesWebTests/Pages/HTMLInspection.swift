import Foundation

/// Small helpers for reading rendered HTML in tests.
enum HTMLInspection {
    /// Every value of `attribute` on elements matching a crude `<tag … class="…name…"` test.
    static func attributeValues(_ attribute: String, in html: String, where predicate: (String) -> Bool = { _ in true }) -> [String] {
        var values: [String] = []
        var search = html[...]
        while let open = search.range(of: "<") {
            guard let close = search[open.upperBound...].range(of: ">") else { break }
            let tag = String(search[open.lowerBound..<close.upperBound])
            if predicate(tag), let value = value(of: attribute, inTag: tag) { values.append(value) }
            search = search[close.upperBound...]
        }
        return values
    }

    static func value(of attribute: String, inTag tag: String) -> String? {
        guard let range = tag.range(of: " \(attribute)=\"") else { return nil }
        let rest = tag[range.upperBound...]
        guard let end = rest.firstIndex(of: "\"") else { return nil }
        return unescape(String(rest[..<end]))
    }

    /// The `href` of the link with `rel="…"`.
    static func link(rel: String, in html: String) -> String? {
        attributeValues("href", in: html) { $0.hasPrefix("<a ") && $0.contains("rel=\"\(rel)\"") }.first
    }

    static func unescape(_ text: String) -> String {
        text.replacingOccurrences(of: "&quot;", with: "\"").replacingOccurrences(of: "&#39;", with: "'")
            .replacingOccurrences(of: "&lt;", with: "<").replacingOccurrences(of: "&gt;", with: ">")
            .replacingOccurrences(of: "&amp;", with: "&")
    }

    /// The first `<section class="NAME…">…</section>` (sections in our pages do not nest),
    /// or "" when there is none, so a check can look at the strip and not the grid.
    static func section(_ name: String, in html: String) -> String {
        guard let start = html.range(of: "<section class=\"\(name)"),
            let end = html[start.upperBound...].range(of: "</section>")
        else { return "" }
        return String(html[start.lowerBound..<end.upperBound])
    }

    static func count(_ needle: String, in html: String) -> Int {
        html.components(separatedBy: needle).count - 1
    }
}

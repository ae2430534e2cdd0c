/// A path pattern such as `/profile/:actor/story/:rkey` or `/assets/*path`.
///
/// `:name` captures one decoded segment; a final `*name` captures the rest of the path
/// (one or more segments, joined with `/`).
package struct RoutePattern: Sendable, CustomStringConvertible {
    enum Component: Sendable, Equatable {
        case literal(String)
        case parameter(String)
        case rest(String)
    }

    let components: [Component]
    package let description: String
    /// The first component when it is literal, and whether the pattern ends in `*rest`:
    /// most routes are told apart by these alone, before any capture is made (every
    /// request is matched against the routes in order).
    let firstLiteral: String?
    private let hasRest: Bool

    package init(_ pattern: String) {
        precondition(pattern.hasPrefix("/"), "route patterns start with a slash: \(pattern)")
        description = pattern
        let parts = pattern.split(separator: "/").map(String.init)
        components = parts.enumerated().map { index, part in
            if part.hasPrefix(":") { return .parameter(String(part.dropFirst())) }
            if part.hasPrefix("*") {
                precondition(index == parts.count - 1, "*rest must be the last component: \(pattern)")
                return .rest(String(part.dropFirst()))
            }
            return .literal(part)
        }
        if case .literal(let text)? = components.first { firstLiteral = text } else { firstLiteral = nil }
        if case .rest? = components.last { hasRest = true } else { hasRest = false }
    }

    /// The captured parameters when `segments` match, else nil.
    func match(_ segments: [String]) -> [String: String]? {
        guard hasRest ? segments.count >= components.count : segments.count == components.count else { return nil }
        if let firstLiteral, segments[0] != firstLiteral { return nil }
        var parameters: [String: String] = [:]
        for (index, component) in components.enumerated() {
            switch component {
            case .literal(let text):
                guard index < segments.count, segments[index] == text else { return nil }
            case .parameter(let name):
                guard index < segments.count else { return nil }
                parameters[name] = segments[index]
            case .rest(let name):
                guard index < segments.count else { return nil }
                parameters[name] = segments[index...].joined(separator: "/")
                return parameters
            }
        }
        return segments.count == components.count ? parameters : nil
    }
}

/// A path pattern such as `/profile/:actor/story/:rkey` or `/assets/*path`.
///
/// `:name` captures one decoded segment; a final `*name` captures the rest of the path
/// (one or more segments, joined with `/`).
public struct RoutePattern: Sendable, CustomStringConvertible {
    enum Component: Sendable, Equatable {
        case literal(String)
        case parameter(String)
        case rest(String)
    }

    let components: [Component]
    public let description: String

    public init(_ pattern: String) {
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
    }

    /// The captured parameters when `segments` match, else nil.
    func match(_ segments: [String]) -> [String: String]? {
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

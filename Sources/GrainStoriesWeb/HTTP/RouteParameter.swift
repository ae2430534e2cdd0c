import ATProto
import Posting

/// A value a route pattern's `:name` can stand for, parsed from its decoded segment.
///
/// Handlers are given these instead of strings (`Routes` asks the context for them), so
/// a malformed segment names nothing and is answered 404 before any handler runs, and
/// no handler ever sees an empty string where a route's parameter was missing.
protocol RouteParameter: Sendable {
    /// The value `segment` names, or nil when it cannot name one.
    init?(routeParameter segment: String)
}

extension RecordKey: RouteParameter {
    init?(routeParameter segment: String) { self.init(wireText: segment) }
}

/// A DID, or a handle in any case.
extension ATIdentifier: RouteParameter {
    init?(routeParameter segment: String) { self.init(segment) }
}

extension DraftID: RouteParameter {
    init?(routeParameter segment: String) { self.init(segment) }
}

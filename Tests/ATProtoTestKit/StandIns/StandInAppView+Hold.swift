import Synchronization

/// Holding the actor search's answers, so a test can see what else reaches the AppView
/// while searches wait on its connections (by arrival, not by time).
extension StandInAppView {
    static let typeahead = "social.grain.unspecced.searchActorsTypeahead"

    /// From now on `searchActorsTypeahead` queries are received (counted, listed in
    /// `arrivals`) but not answered until `releaseTypeahead()`.
    package func holdTypeahead() { shared.state.withLock { $0.holdsTypeahead = true } }

    /// Answers every held search and stops holding.
    package func releaseTypeahead() {
        let waiting = shared.state.withLock { state -> [CheckedContinuation<Void, Never>] in
            state.holdsTypeahead = false
            defer { state.heldTypeahead = [] }
            return state.heldTypeahead
        }
        for continuation in waiting { continuation.resume() }
    }

    /// Searches received and not answered yet.
    package var heldTypeaheadCount: Int { shared.state.withLock { $0.heldTypeahead.count } }

    /// The XRPC methods asked so far, in the order they arrived.
    package var arrivals: [String] { shared.state.withLock { $0.arrivals } }

    /// Waits, while searches are held, until `releaseTypeahead()`.
    static func waitWhileTypeaheadIsHeld(_ shared: Shared) async {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            let held = shared.state.withLock { state -> Bool in
                guard state.holdsTypeahead else { return false }
                state.heldTypeahead.append(continuation)
                return true
            }
            if !held { continuation.resume() }
        }
    }
}

/// What a page says once, at the top, about what the person has just done somewhere else
/// (the address they were sent to carries `?done=<name>`): a fixed set of messages, so an
/// address someone else makes can show one of these words and nothing else.
package enum DoneMessage: String, Sendable, CaseIterable {
    /// A draft was discarded (the draft page sends the person home).
    case discarded

    /// `?done=` read from the address; nil for no value or one not in the set.
    package init?(query value: String?) {
        guard let value, let message = DoneMessage(rawValue: value) else { return nil }
        self = message
    }

    /// The words shown.
    package var text: String {
        switch self {
        case .discarded: "Draft discarded. Its photo has been deleted from this server."
        }
    }

    /// `path` with this message attached.
    package func address(_ path: String) -> String {
        path + (path.contains("?") ? "&" : "?") + "done=" + rawValue
    }
}

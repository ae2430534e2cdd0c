/// Decides when a server has gone quiet enough to give its free heap back: looked at on
/// a regular tick with the number of requests answered so far, it says "trim" once the
/// count stood still for a whole tick, and then not again until requests came and went.
///
/// So a busy server never trims (the count moves between ticks), and an idle one trims
/// once per quiet spell, one to two ticks after its last answer, not on every tick.
package struct QuietSpell: Sendable, Equatable {
    private var lastSeen: Int?
    private var trimmedAt: Int?

    package init() {}

    /// One tick: `answered` is the count now. True when the heap should be trimmed.
    package mutating func tick(answered: Int) -> Bool {
        defer { lastSeen = answered }
        guard answered == lastSeen, answered != trimmedAt else { return false }
        trimmedAt = answered
        return true
    }
}

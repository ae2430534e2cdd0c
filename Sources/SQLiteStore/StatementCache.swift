/// Prepared statements kept per SQL text, so each query is compiled once.
///
/// Bounded, because SQL built at run time (an `IN (?, ?, …)` list of varying length)
/// would otherwise grow it without limit; when full, the least recently used
/// statement is dropped (and finalized by its `deinit`). Used only on the database
/// thread by the owning `Connection`.
struct StatementCache {
    private struct Entry {
        let statement: Statement
        var lastUse: UInt64
    }

    private var entries: [String: Entry] = [:]
    private var clock: UInt64 = 0
    let capacity: Int

    init(capacity: Int = 128) {
        precondition(capacity > 0, "the statement cache needs room for one statement")
        self.capacity = capacity
    }

    /// The number of cached statements.
    var count: Int { entries.count }

    /// The cached statement for `sql`, marking it recently used.
    mutating func statement(for sql: String) -> Statement? {
        clock += 1
        entries[sql]?.lastUse = clock
        return entries[sql]?.statement
    }

    /// Caches `statement` for `sql`, evicting the least recently used one if full.
    mutating func insert(_ statement: Statement, for sql: String) {
        if entries.count >= capacity, entries[sql] == nil,
            let oldest = entries.min(by: { $0.value.lastUse < $1.value.lastUse })?.key
        {
            entries[oldest] = nil
        }
        clock += 1
        entries[sql] = Entry(statement: statement, lastUse: clock)
    }

    /// Drops every statement; they are finalized as their last reference goes.
    mutating func removeAll() {
        entries.removeAll()
    }
}

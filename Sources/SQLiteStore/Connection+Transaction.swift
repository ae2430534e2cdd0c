/// Transactions as `Database.read`, `Database.write` and the migrator use them.
extension Connection {
    /// How a transaction takes its locks.
    enum TransactionKind {
        /// Takes locks as statements need them; enough for reads.
        case deferred
        /// Takes the write lock at once, so the transaction cannot fail half-way with
        /// SQLITE_BUSY when upgrading from read to write (the busy timeout applies to
        /// `BEGIN` instead).
        case immediate
    }

    /// Runs `body` inside a transaction: committed if it returns, rolled back if it or
    /// the commit throws. With `readOnly`, writes inside fail with `.readOnly`.
    func inTransaction<T>(
        _ kind: TransactionKind, readOnly: Bool = false, _ body: (Connection) throws -> T
    ) throws -> T {
        if readOnly {
            try execute("PRAGMA query_only = 1")
        }
        defer {
            // Only flips a connection flag; it cannot fail on an open connection.
            if readOnly { try? execute("PRAGMA query_only = 0") }
        }
        try execute(kind == .immediate ? "BEGIN IMMEDIATE" : "BEGIN DEFERRED")
        do {
            let result = try body(self)
            // A closure that committed or rolled back itself leaves nothing to end.
            if isInTransaction {
                try execute("COMMIT")
            }
            return result
        } catch {
            rollBackIfNeeded()
            throw error
        }
    }

    /// Rolls back the open transaction, if SQLite has not already done so (it does
    /// after some errors, such as SQLITE_FULL).
    func rollBackIfNeeded() {
        guard isInTransaction else { return }
        // A failed ROLLBACK leaves nothing better to do; SQLite rolls back on close.
        try? execute("ROLLBACK")
    }
}

import Synchronization
import WorkerThreads

/// The application's SQLite database: one connection, one dedicated thread.
///
/// Every SQLite call runs on a thread this object owns (a one-thread
/// `WorkerThreadPool`), never on Swift's cooperative pool, where a blocking `fsync`
/// or a lock wait would stall unrelated requests. Calls are queued and run one at a
/// time, so `write` closures are serialized and a read-modify-write inside one closure
/// is atomic with respect to this process; `BEGIN IMMEDIATE` extends that to other
/// processes.
///
/// The file is opened with mode 0600, write-ahead logging, `synchronous=FULL` (a
/// committed write survives power loss; the app stores what users submitted),
/// `foreign_keys=ON`, a busy timeout and SQLite's defensive mode; then the migrations
/// are applied.
///
/// Call `close()` when done. A database dropped without it is closed by `deinit` on the
/// releasing thread, as a fallback only.
package final class Database: Sendable {
    /// The database file's path.
    package let path: String
    /// The name of the database thread, as `Thread.current.name` reports it there.
    package static let threadName = "sqlite-0"

    private let worker: WorkerThreadPool
    /// Nil before the open finishes and after `close()`. Only the database thread (or
    /// `deinit`, when no work can be in flight) touches it; the lock is uncontended and
    /// exists to make that ownership explicit to the compiler.
    private let connection = Mutex<Connection?>(nil)

    /// Opens or creates the database at `path` and applies `migrations`.
    ///
    /// Throws `DatabaseError` if the file cannot be opened or is not a database, and
    /// `MigrationError` if the list is malformed, the file is newer than the list, or a
    /// migration fails (the database stays at the last version that succeeded).
    package init(path: String, migrations: [Migration] = [], busyTimeout: Duration = .seconds(5)) async throws {
        let migrator = try Migrator(migrations)
        self.path = path
        self.worker = WorkerThreadPool(name: "sqlite", threadCount: 1)
        do {
            try await worker.run { [weak self] in
                try self?.connection.withLock { slot in
                    let opened = try Connection(path: path, busyTimeout: busyTimeout)
                    do {
                        try migrator.checkVersion(of: opened)
                        try opened.enableDurableSettings()
                        try migrator.migrate(opened)
                    } catch {
                        opened.close()
                        throw error
                    }
                    slot = opened
                }
            }
        } catch {
            worker.shutdown()
            throw error
        }
    }

    deinit {
        connection.withLock { $0.take() }?.close()
        worker.shutdown()
    }

    /// Runs `body` in a read-only transaction (a consistent snapshot); statements that
    /// write fail with `ResultCode.readOnly`.
    package func read<T: Sendable>(_ body: @escaping @Sendable (Connection) throws -> T) async throws -> T {
        try await withConnection { try $0.inTransaction(.deferred, readOnly: true, body) }
    }

    /// Runs `body` in a `BEGIN IMMEDIATE` transaction, committed when it returns and
    /// rolled back when it throws (the error is rethrown).
    package func write<T: Sendable>(_ body: @escaping @Sendable (Connection) throws -> T) async throws -> T {
        try await withConnection { try $0.inTransaction(.immediate, body) }
    }

    /// Runs `body` outside any transaction, for statements that refuse to run in one
    /// (`VACUUM`, some pragmas). Each statement then commits on its own; a transaction
    /// the closure began and left open is rolled back.
    package func writeWithoutTransaction<T: Sendable>(
        _ body: @escaping @Sendable (Connection) throws -> T
    ) async throws -> T {
        try await withConnection { connection in
            defer { connection.rollBackIfNeeded() }
            return try body(connection)
        }
    }

    /// Closes the connection; later calls throw a `DatabaseError` with `isClosed`.
    /// Idempotent. With no other connection to the file, SQLite folds the write-ahead
    /// log into the database file and removes it.
    package func close() async {
        await worker.run { [weak self] in
            self?.connection.withLock { $0.take() }?.close()
        }
        worker.shutdown()
    }

    /// Runs `body` on the database thread with the open connection.
    ///
    /// After `close()` the worker runs jobs inline; this one then only finds no
    /// connection and throws, so no SQLite call ever leaves the database thread.
    /// Jobs hold the database weakly: the worker may keep finished jobs for a while,
    /// and they must not keep a forgotten database (and its file) open. The caller
    /// holds it strongly until the job has run.
    func withConnection<T: Sendable>(_ body: @escaping @Sendable (Connection) throws -> T) async throws -> T {
        try await worker.run { [weak self] () throws -> T in
            guard let self else { throw DatabaseError.closed }
            return try self.connection.withLock { slot throws -> T in
                guard let connection = slot else { throw DatabaseError.closed }
                return try body(connection)
            }
        }
    }
}

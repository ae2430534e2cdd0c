/// The on-disk size of a database, split into its two files.
public struct DatabaseFileSize: Sendable, Hashable {
    /// The main database file, in bytes.
    public let database: Int64
    /// The `-wal` file, in bytes; 0 when it does not exist.
    public let writeAheadLog: Int64

    /// Both together.
    public var total: Int64 { database + writeAheadLog }
}

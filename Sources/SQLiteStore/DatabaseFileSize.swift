/// The on-disk size of a database, split into its two files.
package struct DatabaseFileSize: Sendable, Hashable {
    /// The main database file, in bytes.
    package let database: Int64
    /// The `-wal` file, in bytes; 0 when it does not exist.
    package let writeAheadLog: Int64

    /// Both together.
    package var total: Int64 { database + writeAheadLog }
}

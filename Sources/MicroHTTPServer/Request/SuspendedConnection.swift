import CMicroHTTPD

/// An MHD connection the handler's Task will resume.
///
/// `@unchecked Sendable` because a raw connection pointer is not `Sendable`, yet crossing
/// threads here is safe: off the MHD thread the pointer is used for exactly one call,
/// `MHD_resume_connection`, which MHD documents as callable from any thread; it is made
/// at most once (guarded by `RequestState`'s lock) and only while the connection is
/// suspended, and MHD never closes or frees a suspended connection.
struct SuspendedConnection: @unchecked Sendable {
    private let connection: OpaquePointer

    init(_ connection: OpaquePointer) {
        self.connection = connection
    }

    /// Hands the connection back to MHD, which then calls the access handler again.
    func resume() {
        MHD_resume_connection(connection)
    }
}

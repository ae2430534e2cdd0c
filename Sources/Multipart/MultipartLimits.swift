/// How much a `multipart/form-data` body may contain, checked while it streams in so an
/// oversized or hostile upload is refused before it fills memory or the disk.
///
/// The defaults fit the story upload form: one photo (a second is accepted so the app can
/// say "choose one photo" instead of a generic error), a CSRF token and a few text fields.
package struct MultipartLimits: Sendable, Equatable {
    /// Largest accepted file part, in bytes.
    package var maxFileBytes: Int
    /// Most file parts that carry a file; "no file chosen" parts do not count.
    package var maxFiles: Int
    /// Largest accepted text field value, in bytes.
    package var maxFieldBytes: Int
    /// Most text fields.
    package var maxFields: Int
    /// Largest header block of one part (the lines between its boundary and its content),
    /// in bytes, line endings included.
    package var maxHeaderBytes: Int
    /// Most parts of any kind, including "no file chosen" parts.
    package var maxParts: Int

    package init(
        maxFileBytes: Int = 40 * 1024 * 1024,
        maxFiles: Int = 2,
        maxFieldBytes: Int = 64 * 1024,
        maxFields: Int = 32,
        maxHeaderBytes: Int = 8 * 1024,
        maxParts: Int = 40
    ) {
        self.maxFileBytes = maxFileBytes
        self.maxFiles = maxFiles
        self.maxFieldBytes = maxFieldBytes
        self.maxFields = maxFields
        self.maxHeaderBytes = maxHeaderBytes
        self.maxParts = maxParts
    }
}

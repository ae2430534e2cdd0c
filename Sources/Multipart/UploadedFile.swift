/// A file part of a `multipart/form-data` body, already written to a scratch file (not fsynced: nothing
/// acknowledged depends on it, and it is processed from where it is).
///
/// Everything here except `path` and `size` was chosen by the client and is untrusted:
/// `filename` is for display only and never becomes a path, and `contentType` is a claim
/// to check against the bytes.
public struct UploadedFile: Sendable, Equatable {
    /// The form field's `name`.
    public let fieldName: String
    /// The browser's file name with directories, control and bidi-override characters
    /// removed; may be empty. Display only.
    public let filename: String
    /// The part's declared media type, lower-cased and without parameters;
    /// `application/octet-stream` when the part declared none.
    public let contentType: String
    /// Where the bytes are: a random name inside the parser's file directory, mode 0600.
    /// The caller owns the file and must delete it (see `MultipartForm.removeFiles()`).
    public let path: String
    /// Number of bytes written.
    public let size: Int

    public init(fieldName: String, filename: String, contentType: String, path: String, size: Int) {
        self.fieldName = fieldName
        self.filename = filename
        self.contentType = contentType
        self.path = path
        self.size = size
    }
}

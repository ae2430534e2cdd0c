/// A file part of a `multipart/form-data` body, already written to a scratch file (not fsynced: nothing
/// acknowledged depends on it, and it is processed from where it is).
///
/// Everything here except `path` and `size` was chosen by the client and is untrusted:
/// `filename` is for display only and never becomes a path, and `contentType` is a claim
/// to check against the bytes.
package struct UploadedFile: Sendable, Equatable {
    /// The form field's `name`.
    package let fieldName: String
    /// The browser's file name with directories, control and bidi-override characters
    /// removed; may be empty. Display only.
    package let filename: String
    /// The part's declared media type, lower-cased and without parameters;
    /// `application/octet-stream` when the part declared none.
    package let contentType: String
    /// Where the bytes are: a random name inside the parser's file directory, mode 0600.
    /// The caller owns the file and must delete it (see `MultipartForm.removeFiles()`).
    package let path: String
    /// Number of bytes written.
    package let size: Int

    package init(fieldName: String, filename: String, contentType: String, path: String, size: Int) {
        self.fieldName = fieldName
        self.filename = filename
        self.contentType = contentType
        self.path = path
        self.size = size
    }
}

import Foundation

/// A parsed `multipart/form-data` body: its text fields in order, the files it carried
/// (already on disk) and the file inputs that were sent with no file chosen.
public struct MultipartForm: Sendable, Equatable {
    /// Text fields in the order they arrived; a name may repeat.
    public var fields: [MultipartField]
    /// File parts that carried a file (a non-empty filename or any bytes).
    public var files: [UploadedFile]
    /// Names of file inputs the browser sent with an empty filename and no bytes, which is
    /// how a form is submitted when no file was chosen. Listed so the app can say
    /// "Please choose a photo" rather than treat the field as absent.
    public var emptyFileFields: [String]

    public init(fields: [MultipartField] = [], files: [UploadedFile] = [], emptyFileFields: [String] = []) {
        self.fields = fields
        self.files = files
        self.emptyFileFields = emptyFileFields
    }

    /// The first value of the text field `name`, if any.
    public subscript(name: String) -> String? {
        fields.first { $0.name == name }?.value
    }

    /// Every value of the text field `name`, in order.
    public func values(_ name: String) -> [String] {
        fields.filter { $0.name == name }.map(\.value)
    }

    /// The files sent for the file input `fieldName`, in order.
    public func files(named fieldName: String) -> [UploadedFile] {
        files.filter { $0.fieldName == fieldName }
    }

    /// Deletes every uploaded file of this form. Call it once the files have been consumed
    /// or the request is refused; files already gone are not an error.
    public func removeFiles() {
        for file in files { _ = unlink(file.path) }
    }
}

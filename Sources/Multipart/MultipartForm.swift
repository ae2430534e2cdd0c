import FoundationEssentials
import Glibc

/// A parsed `multipart/form-data` body: its text fields in order, the files it carried
/// (already on disk) and the file inputs that were sent with no file chosen.
package struct MultipartForm: Sendable, Equatable {
    /// Text fields in the order they arrived; a name may repeat.
    package var fields: [MultipartField]
    /// File parts that carried a file (a non-empty filename or any bytes).
    package var files: [UploadedFile]
    /// Names of file inputs the browser sent with an empty filename and no bytes, which is
    /// how a form is submitted when no file was chosen. Listed so the app can say
    /// "Please choose a photo" rather than treat the field as absent.
    package var emptyFileFields: [String]

    package init(fields: [MultipartField] = [], files: [UploadedFile] = [], emptyFileFields: [String] = []) {
        self.fields = fields
        self.files = files
        self.emptyFileFields = emptyFileFields
    }

    /// The first value of the text field `name`, if any.
    package subscript(name: String) -> String? {
        fields.first { $0.name == name }?.value
    }

    /// Every value of the text field `name`, in order.
    package func values(_ name: String) -> [String] {
        fields.filter { $0.name == name }.map(\.value)
    }

    /// The files sent for the file input `fieldName`, in order.
    package func files(named fieldName: String) -> [UploadedFile] {
        files.filter { $0.fieldName == fieldName }
    }

    /// Deletes every uploaded file of this form. Call it once the files have been consumed
    /// or the request is refused; files already gone are not an error.
    package func removeFiles() {
        for file in files { _ = unlink(file.path) }
    }
}

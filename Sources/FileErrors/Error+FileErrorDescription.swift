import DurableFiles
import FoundationEssentials
import Glibc

extension Error {
    /// A failed file operation in a person's words: the system's text for the `errno`
    /// behind it ("No such file or directory (errno 2)"), after the path it concerned.
    ///
    /// Why: `localizedDescription` belongs to full Foundation (with ICU), which the server
    /// does not link (issue 26), and `FileManager`'s errors print as `CocoaError(code: …,
    /// userInfo: […])` otherwise.
    package var fileErrorDescription: String {
        if let error = self as? FileSystemError { return error.description }
        guard let cocoa = self as? CocoaError else { return String(describing: self) }
        let path = cocoa.filePath.map { "\($0): " } ?? ""
        if let posix = cocoa.underlying as? POSIXError {
            let code = posix.code.rawValue
            return path + String(cString: strerror(code)) + " (errno \(code))"
        }
        return path + "file error \(cocoa.code.rawValue)"
    }
}

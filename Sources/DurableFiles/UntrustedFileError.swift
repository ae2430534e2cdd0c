/// Why a file of an `UntrustedDirectory` was not read: it is not what a plain file of
/// that place would be (a link, a FIFO, a device, a directory), it is larger than that
/// place allows, its name could point elsewhere, or the file system failed.
package enum UntrustedFileError: Error, Sendable, Equatable, CustomStringConvertible {
    /// A symbolic link where a file or directory was expected; links are never followed.
    case symbolicLink(path: String)
    /// Something other than a regular file (a FIFO, a socket, a device, a directory).
    case notRegularFile(path: String)
    /// Something other than a directory where a directory was expected.
    case notDirectory(path: String)
    /// A regular file larger than `limit` bytes.
    case tooLarge(path: String, limit: Int)
    /// A name that is not one plain entry of the directory ("", ".", "..", or with "/").
    case invalidName(String)
    case failed(FileSystemError)

    package var description: String {
        switch self {
        case .symbolicLink(let path): "\(path) is a symbolic link (links are not followed)"
        case .notRegularFile(let path): "\(path) is not a regular file"
        case .notDirectory(let path): "\(path) is not a directory"
        case .tooLarge(let path, let limit): "\(path) is larger than \(limit) bytes"
        case .invalidName(let name): "\(String(reflecting: name)) is not a plain file name"
        case .failed(let error): error.description
        }
    }
}

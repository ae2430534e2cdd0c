import DurableFiles

/// Streams one uploaded file part into a `ScratchFile` in the uploads directory, mapping
/// its failures to `MultipartError`. An unfinished file is deleted in `deinit` at the
/// latest, so a failure anywhere leaves nothing behind.
///
/// The part is not fsynced: the uploads directory is emptied at start-up and nothing in
/// it was ever acknowledged, and the photo pipeline reads the part from where it is.
/// Only the prepared photo of a draft is written durably (`DurableFile`), once.
final class UploadFileWriter {
    private let file: ScratchFile
    var path: String { file.path }
    var size: Int { file.size }

    /// Creates the file inside `directory`.
    init(directory: String) throws(MultipartError) {
        do {
            file = try ScratchFile(directory: directory, prefix: "upload-")
        } catch {
            throw .fileSystem(operation: error.operation, detail: error.detail)
        }
    }

    /// Appends `bytes`.
    func append(_ bytes: ArraySlice<UInt8>) throws(MultipartError) {
        // `withUnsafeBytes` does not forward typed throws: carry the error out as a value.
        let failure = bytes.withUnsafeBytes { raw -> FileSystemError? in
            do throws(FileSystemError) { try file.append(raw) } catch { return error }
            return nil
        }
        if let failure { throw .fileSystem(operation: failure.operation, detail: failure.detail) }
    }

    /// Closes the file; from now on the caller owns it.
    func finish() throws(MultipartError) {
        do {
            try file.close()
        } catch {
            throw .fileSystem(operation: error.operation, detail: error.detail)
        }
        file.keep()
    }

    /// Closes and deletes the file now rather than at `deinit`.
    func discard() {
        file.remove()
    }
}

@available(*, unavailable, message: "owns a file descriptor that one thread writes")
extension UploadFileWriter: Sendable {}

/// Turns `MultipartScanner` events into a `MultipartForm`: text fields are collected in
/// memory, file parts streamed to `UploadFileWriter`s, and every limit checked before the
/// bytes that would break it are stored.
///
/// A file is created only when its first byte arrives (or at the part's end for a
/// non-empty filename with no bytes), so "no file chosen" parts never touch the disk.
struct MultipartFormBuilder {
    private enum Part {
        case field(name: String, bytes: [UInt8])
        case file(fieldName: String, filename: String, contentType: String, writer: UploadFileWriter?)
    }

    private let limits: MultipartLimits
    private let fileDirectory: String
    private var form = MultipartForm()
    private var part: Part?
    private var partCount = 0

    init(limits: MultipartLimits, fileDirectory: String) {
        self.limits = limits
        self.fileDirectory = fileDirectory
    }

    mutating func handle(_ event: MultipartScanner.Event) throws(MultipartError) {
        switch event {
        case .partHeaders(let block): try startPart(PartHeaders(block: block))
        case .partContent(let bytes): try append(bytes)
        case .partEnd: try endPart()
        }
    }

    /// The finished form; call after the scanner reported the closing delimiter.
    func finish() -> MultipartForm { form }

    /// Deletes every file written so far, including one half-written.
    mutating func discardFiles() {
        if case .file(_, _, _, let writer?) = part { writer.discard() }
        part = nil
        form.removeFiles()
        form.files.removeAll()
    }

    private mutating func startPart(_ headers: PartHeaders) throws(MultipartError) {
        partCount += 1
        guard partCount <= limits.maxParts else { throw .tooManyParts(limit: limits.maxParts) }
        let name = headers.disposition.name
        if let filename = headers.disposition.filename {
            part = .file(
                fieldName: name, filename: UploadFilename.displayName(filename),
                contentType: headers.contentType ?? "application/octet-stream", writer: nil)
        } else {
            guard form.fields.count < limits.maxFields else { throw .tooManyFields(limit: limits.maxFields) }
            part = .field(name: name, bytes: [])
        }
    }

    private mutating func append(_ bytes: ArraySlice<UInt8>) throws(MultipartError) {
        switch part {
        case .field(let name, var collected):
            guard collected.count + bytes.count <= limits.maxFieldBytes else { throw .fieldTooLarge(limit: limits.maxFieldBytes) }
            part = nil  // keeps `collected` uniquely referenced while it grows
            collected.append(contentsOf: bytes)
            part = .field(name: name, bytes: collected)
        case .file(let fieldName, let filename, let contentType, let existing):
            let writer = try writer(existing)
            part = .file(fieldName: fieldName, filename: filename, contentType: contentType, writer: writer)
            guard writer.size + bytes.count <= limits.maxFileBytes else { throw .fileTooLarge(limit: limits.maxFileBytes) }
            try writer.append(bytes)
        case nil:
            break  // the scanner only reports content inside a part
        }
    }

    private mutating func endPart() throws(MultipartError) {
        switch part {
        case .field(let name, let bytes):
            guard let value = String(validating: bytes, as: UTF8.self) else {
                throw .malformed(reason: "a text field is not valid UTF-8")
            }
            form.fields.append(MultipartField(name: name, value: value))
        case .file(let fieldName, let filename, _, nil) where filename.isEmpty:
            form.emptyFileFields.append(fieldName)
        case .file(let fieldName, let filename, let contentType, let existing):
            let writer = try writer(existing)
            part = .file(fieldName: fieldName, filename: filename, contentType: contentType, writer: writer)
            try writer.finish()
            form.files.append(
                UploadedFile(fieldName: fieldName, filename: filename, contentType: contentType, path: writer.path, size: writer.size))
        case nil:
            break
        }
        part = nil
    }

    /// `existing`, or a new writer if the file count allows one.
    private func writer(_ existing: UploadFileWriter?) throws(MultipartError) -> UploadFileWriter {
        if let existing { return existing }
        guard form.files.count < limits.maxFiles else { throw .tooManyFiles(limit: limits.maxFiles) }
        return try UploadFileWriter(directory: fileDirectory)
    }
}

/// Collects one request body as MHD streams it in: in memory while it fits in
/// `memoryLimit`, then in a `TemporaryBodyFile`, so a 40 MB upload never sits in memory.
///
/// Used only on the request's MHD thread (inside `RequestState`'s lock).
struct BodySpooler {
    private let memoryLimit: Int
    private let directory: String
    private var memory: [UInt8] = []
    private(set) var file: TemporaryBodyFile?
    private(set) var count = 0

    init(memoryLimit: Int, directory: String) {
        self.memoryLimit = memoryLimit
        self.directory = directory
    }

    /// Keeps `chunk`, moving everything to a file once the total passes `memoryLimit`.
    mutating func append(_ chunk: UnsafeRawBufferPointer) throws(BodySpoolError) {
        if let file {
            try file.write(chunk)
        } else if count + chunk.count > memoryLimit {
            let file = try TemporaryBodyFile(directory: directory)
            self.file = file
            // `withUnsafeBytes` does not forward typed throws: carry the error out as a value.
            let failure = memory.withUnsafeBytes { bytes -> BodySpoolError? in
                do throws(BodySpoolError) { try file.write(bytes) } catch { return error }
                return nil
            }
            if let failure { throw failure }
            memory = []
            try file.write(chunk)
        } else {
            if memory.isEmpty { memory.reserveCapacity(min(memoryLimit, max(chunk.count, 4096))) }
            memory.append(contentsOf: chunk)
        }
        count += chunk.count
    }

    /// The body as the handler sees it; closes the file for writing (it stays on disk
    /// until `TemporaryBodyFile.remove()`).
    mutating func finish() -> RequestBody {
        if let file {
            file.finishWriting()
            return .file(path: file.path, size: count)
        }
        if memory.isEmpty { return .empty }
        defer { memory = [] }
        return .memory(memory)
    }
}

#if canImport(Glibc)
    import Glibc
#endif

extension InputFile {
    /// Whether the file starts with a RIFF/WEBP header, read with one `pread`: such a file
    /// is decoded from a mapping of it (`withMappedBytes`), not read whole.
    var startsLikeWebP: Bool {
        var start = [UInt8](repeating: 0, count: 12)
        let got = start.withUnsafeMutableBytes { pread(descriptor, $0.baseAddress, 12, 0) }
        return got == 12 && ImageFormatSniffer.formatName(of: start) == "WebP"
    }

    /// Calls `body` with the whole file mapped read-only, and a function that lets the
    /// pages before an address in it go (`MADV_DONTNEED`), unmapping it when `body` returns.
    ///
    /// Why a mapping rather than `readAll`: the bytes of a file mapping are only resident
    /// once read, and pages released behind a decoder that reads front to back stop
    /// counting, yet stay correct to read again (the kernel reads them back from the file).
    /// A 12 MP lossless WebP's 11 MB then costs a window of about a megabyte instead.
    /// The file must not shrink while mapped (a page past its new end would fault); the
    /// pipeline only reads files it was handed to process, as `readAll` assumed as well
    /// that they do not change while read. Should one shrink anyway, the fault (SIGBUS) ends
    /// the process: the server prepares uploads in a `photo worker` child process, so that
    /// ends the one upload's worker, which the server reports as a failed preparation.
    func withMappedBytes<Result>(
        _ body: (UnsafeBufferPointer<UInt8>, _ release: (UnsafeRawPointer) -> Void) throws(PhotoProcessingError) -> Result
    ) throws(PhotoProcessingError) -> Result {
        guard size > 0 else { return try body(UnsafeBufferPointer(start: nil, count: 0)) { _ in } }
        guard let address = mmap(nil, size, PROT_READ, MAP_PRIVATE, descriptor, 0), address != MAP_FAILED else {
            throw .unreadable(path: path, reason: String(cString: strerror(errno)))
        }
        defer { munmap(address, size) }
        let base = UnsafeRawPointer(address)
        let page = max(4096, sysconf(Int32(_SC_PAGESIZE)))
        var released = 0
        return try body(UnsafeBufferPointer(start: base.assumingMemoryBound(to: UInt8.self), count: size)) { end in
            let offset = min(max(0, end - base), size) / page * page
            guard offset > released else { return }
            madvise(address + released, offset - released, MADV_DONTNEED)
            released = offset
        }
    }
}

import Glibc

/// A directory whose contents someone else may have written (a backup being restored),
/// read so that nothing in it can reach outside it: no symbolic link below it is ever
/// followed, nothing but a regular file is ever opened (no FIFO to block on, no device to
/// touch), and no file is read past the size its caller allows.
///
/// The directory itself is opened once by its path (links in that path, which the
/// operator typed, are followed); everything below is reached through its descriptor with
/// `openat`/`fstatat` and `O_NOFOLLOW`, one plain name at a time. A file is examined
/// before it is opened (so a FIFO or a device is never opened) and again through the
/// descriptor after (so one swapped in meanwhile is refused, not read).
///
/// Owns its descriptor, closed in `deinit`; not `Sendable` (a descriptor used from two
/// threads would interleave reads), see below.
package final class UntrustedDirectory {
    /// The path it was opened by, for messages.
    package let path: String
    private let descriptor: Int32

    /// Opens the directory at `path`; throws when there is none or it is not a directory.
    package init(path: String) throws(UntrustedFileError) {
        let opened = open(path, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard opened >= 0 else {
            let code = errno
            if code == ENOTDIR { throw .notDirectory(path: path) }
            throw .failed(FileSystemError(operation: "opening \(path)", code: code))
        }
        self.path = path
        descriptor = opened
    }

    private init(path: String, descriptor: Int32) {
        self.path = path
        self.descriptor = descriptor
    }

    deinit {
        close(descriptor)
    }

    /// The subdirectory `name`, or nil when there is none; a link or anything but a
    /// directory there is refused.
    package func subdirectory(_ name: String) throws(UntrustedFileError) -> UntrustedDirectory? {
        let inner = try entryPath(name)
        var status = stat()
        guard fstatat(descriptor, name, &status, AT_SYMLINK_NOFOLLOW) == 0 else {
            if errno == ENOENT { return nil }
            throw .failed(FileSystemError(operation: "examining \(inner)", code: errno))
        }
        if status.st_mode & S_IFMT == S_IFLNK { throw .symbolicLink(path: inner) }
        guard status.st_mode & S_IFMT == S_IFDIR else { throw .notDirectory(path: inner) }
        let opened = openat(descriptor, name, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
        guard opened >= 0 else { throw Self.openFailure(errno, inner) }
        return UntrustedDirectory(path: inner, descriptor: opened)
    }

    /// The names of its entries, "." and ".." left out, in no particular order.
    package func names() throws(UntrustedFileError) -> [String] {
        // fdopendir takes over the descriptor it is given; a duplicate keeps ours open.
        let duplicate = dup(descriptor)
        guard duplicate >= 0, let stream = fdopendir(duplicate) else {
            let code = errno
            if duplicate >= 0 { close(duplicate) }
            throw .failed(FileSystemError(operation: "listing \(path)", code: code))
        }
        defer { closedir(stream) }
        rewinddir(stream)
        var names: [String] = []
        while let entry = readdir(stream) {
            let name = withUnsafePointer(to: &entry.pointee.d_name) {
                String(cString: UnsafeRawPointer($0).assumingMemoryBound(to: CChar.self))
            }
            if name != ".", name != ".." { names.append(name) }
        }
        return names
    }

    /// The bytes of the regular file `name`, or nil when there is none.
    package func read(_ name: String, limit: Int) throws(UntrustedFileError) -> [UInt8]? {
        guard let (file, inner) = try openRegularFile(name, limit: limit) else { return nil }
        defer { close(file) }
        let bytes: [UInt8]
        do {
            bytes = try FileDescriptorIO.read(file, limit: limit + 1, path: inner)
        } catch {
            throw .failed(error)
        }
        // It grew since it was examined.
        guard bytes.count <= limit else { throw .tooLarge(path: inner, limit: limit) }
        return bytes
    }

    /// Copies the regular file `name` into a new file at `destination` (mode 0600; it
    /// must not exist, and a link there is not followed), synced; false when there is no
    /// such file. What was written is removed again when the copy fails.
    package func copy(_ name: String, to destination: String, limit: Int) throws(UntrustedFileError) -> Bool {
        guard let (file, inner) = try openRegularFile(name, limit: limit) else { return false }
        defer { close(file) }
        let output = open(destination, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o600)
        guard output >= 0 else { throw .failed(FileSystemError(operation: "creating \(destination)", code: errno)) }
        var failure: UntrustedFileError?
        var copied = 0
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while failure == nil {
            let count = chunk.withUnsafeMutableBytes { Glibc.read(file, $0.baseAddress, $0.count) }
            if count < 0 {
                if errno == EINTR { continue }
                failure = .failed(FileSystemError(operation: "reading \(inner)", code: errno))
            } else if count == 0 {
                break
            } else if copied + count > limit {
                failure = .tooLarge(path: inner, limit: limit)
            } else if let code = chunk.withUnsafeBytes({ FileDescriptorIO.writeAll(output, UnsafeRawBufferPointer(rebasing: $0[0..<count])) }) {
                failure = .failed(FileSystemError(operation: "writing \(destination)", code: code))
            } else {
                copied += count
            }
        }
        if failure == nil, let code = FileDescriptorIO.sync(output) {
            failure = .failed(FileSystemError(operation: "fsyncing \(destination)", code: code))
        }
        if close(output) != 0, failure == nil {
            failure = .failed(FileSystemError(operation: "closing \(destination)", code: errno))
        }
        if let failure {
            unlink(destination)
            throw failure
        }
        return true
    }

    /// Opens the regular file `name` for reading after checking, without opening it,
    /// that it is one and within `limit`, and checks the opened file again; nil when
    /// there is no such entry. Gives the descriptor (the caller closes it) and its path.
    private func openRegularFile(_ name: String, limit: Int) throws(UntrustedFileError) -> (Int32, String)? {
        let inner = try entryPath(name)
        var status = stat()
        guard fstatat(descriptor, name, &status, AT_SYMLINK_NOFOLLOW) == 0 else {
            if errno == ENOENT { return nil }
            throw .failed(FileSystemError(operation: "examining \(inner)", code: errno))
        }
        try Self.requireRegularFile(status, inner, limit: limit)
        // O_NONBLOCK: were a FIFO swapped in after the look above, opening it would
        // otherwise wait for a writer; the check on the descriptor then refuses it.
        let file = openat(descriptor, name, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_NOCTTY | O_CLOEXEC)
        guard file >= 0 else {
            if errno == ENOENT { return nil }
            throw Self.openFailure(errno, inner)
        }
        var opened = stat()
        guard fstat(file, &opened) == 0 else {
            let code = errno
            close(file)
            throw .failed(FileSystemError(operation: "examining \(inner)", code: code))
        }
        do {
            try Self.requireRegularFile(opened, inner, limit: limit)
        } catch {
            close(file)
            throw error
        }
        return (file, inner)
    }

    private static func requireRegularFile(_ status: stat, _ path: String, limit: Int) throws(UntrustedFileError) {
        switch status.st_mode & S_IFMT {
        case S_IFREG:
            guard status.st_size <= limit else { throw .tooLarge(path: path, limit: limit) }
        case S_IFLNK: throw .symbolicLink(path: path)
        default: throw .notRegularFile(path: path)
        }
    }

    /// `path/name` for a plain entry name; anything that could name another place is refused.
    private func entryPath(_ name: String) throws(UntrustedFileError) -> String {
        guard !name.isEmpty, name != ".", name != "..", !name.utf8.contains(UInt8(ascii: "/")), !name.utf8.contains(0) else {
            throw .invalidName(name)
        }
        return path + "/" + name
    }

    /// `openat` with `O_NOFOLLOW` answers ELOOP for a link (one swapped in after the look).
    private static func openFailure(_ code: Int32, _ path: String) -> UntrustedFileError {
        code == ELOOP ? .symbolicLink(path: path) : .failed(FileSystemError(operation: "opening \(path)", code: code))
    }
}

/// Not thread-safe: one descriptor's reads and directory stream are not to be shared.
@available(*, unavailable)
extension UntrustedDirectory: Sendable {}

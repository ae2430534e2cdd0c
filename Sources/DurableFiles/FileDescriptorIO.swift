import Glibc

/// The write loop every file writer here needs, in one place.
package enum FileDescriptorIO {
    /// Writes all of `bytes` to `descriptor`, retrying short and `EINTR`-interrupted
    /// writes; returns the `errno` of a failure, or nil.
    package static func writeAll(_ descriptor: Int32, _ bytes: UnsafeRawBufferPointer) -> Int32? {
        guard let base = bytes.baseAddress else { return nil }
        var offset = 0
        while offset < bytes.count {
            let written = write(descriptor, base + offset, bytes.count - offset)
            if written < 0 {
                if errno == EINTR { continue }
                return errno
            }
            offset += written
        }
        return nil
    }

    /// fsync, retried on `EINTR`; returns the `errno` of a failure, or nil.
    static func sync(_ descriptor: Int32) -> Int32? {
        while fsync(descriptor) != 0 {
            if errno == EINTR { continue }
            return errno
        }
        return nil
    }
}

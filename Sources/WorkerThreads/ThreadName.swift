import Glibc

/// Names the calling thread as the kernel sees it (`top -H`, `/proc/…/comm`, debuggers).
///
/// Foundation on Linux can only name a `Thread` once `start()` has stored its pthread,
/// which the new thread itself may not see yet, so the thread calls
/// `pthread_setname_np` on itself. Swift's Glibc module does not import that GNU
/// extension, so it is looked up once by name in the already-loaded C library.
public enum ThreadName {
    private typealias SetName = @convention(c) (pthread_t, UnsafePointer<CChar>) -> Int32

    private static let setName: SetName? = dlsym(dlopen(nil, RTLD_NOW), "pthread_setname_np")
        .map { unsafeBitCast($0, to: SetName.self) }

    /// Linux keeps 15 bytes of a thread's name (16 with the terminator) and refuses a
    /// longer one outright, leaving the old name in place.
    static let maximumBytes = 15

    /// Names the current thread `name`, cut to `maximumBytes` on a character boundary.
    public static func setCurrent(_ name: String) {
        _ = setName?(pthread_self(), truncated(name))
    }

    /// `name` cut to at most `maximumBytes` UTF-8 bytes without splitting a character.
    static func truncated(_ name: String) -> String {
        var result = ""
        var bytes = 0
        for character in name {
            let size = character.utf8.count
            guard bytes + size <= maximumBytes else { break }
            result.append(character)
            bytes += size
        }
        return result
    }
}

import Glibc

/// Starts a thread of its own (pthread, detached) for blocking work, named as the kernel
/// shows it. Foundation's `Thread` would do the same but link all of Foundation, ICU's data
/// included, into every executable that uses it (see `ConditionLock`).
public enum DedicatedThread {
    /// Runs `body` on a new detached thread named `name` (cut to Linux's 15 bytes) with a
    /// stack of `stackSize` bytes. A thread that cannot be created is a broken process
    /// (out of memory or threads), so it stops here with the reason rather than losing work.
    public static func start(name: String, stackSize: Int, _ body: @escaping @Sendable () -> Void) {
        let box = Unmanaged.passRetained(Body(name: name, run: body)).toOpaque()
        var attributes = pthread_attr_t()
        pthread_attr_init(&attributes)
        defer { pthread_attr_destroy(&attributes) }
        pthread_attr_setstacksize(&attributes, stackSize)
        pthread_attr_setdetachstate(&attributes, Int32(PTHREAD_CREATE_DETACHED))
        var thread = pthread_t()
        let status = pthread_create(
            &thread, &attributes,
            { context in
                let body = Unmanaged<Body>.fromOpaque(context!).takeRetainedValue()
                ThreadName.setCurrent(body.name)
                body.run()
                return nil
            }, box)
        guard status == 0 else {
            Unmanaged<Body>.fromOpaque(box).release()
            fatalError("cannot start thread \(name): pthread_create returned \(status)")
        }
    }

    /// What the new thread runs, handed over through pthread's one pointer.
    private final class Body {
        let name: String
        let run: @Sendable () -> Void
        init(name: String, run: @escaping @Sendable () -> Void) {
            self.name = name
            self.run = run
        }
    }
}

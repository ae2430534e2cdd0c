import CSpawn
import Glibc

/// A program started as a child of the server, with its standard input and error on
/// `/dev/null` and its standard output on a pipe that the caller reads.
///
/// Why not Foundation's `Process`: it is in full Foundation, which brings ICU and
/// CoreFoundation into the server for this one use (issue 26: the idle server's memory).
/// `posix_spawn` does what the photo worker needs, and closes every other descriptor in
/// the child (`closefrom`), so no socket or database of the server leaks into it.
///
/// This target is the only importer of `CSpawn` (glibc's `pipe2` and
/// `posix_spawn_file_actions_addclosefrom_np`, which Swift's Glibc module hides);
/// `Posting`'s `PhotoWorker` starts the photo tool through it.
package struct ChildProcess {
    /// How a child ended.
    package enum Ending: Equatable, CustomStringConvertible {
        case exited(Int32)
        case signalled(Int32)

        package var description: String {
            switch self {
            case .exited(let status): "exit \(status)"
            case .signalled(let signal): "signal \(signal)"
            }
        }
    }

    /// The child's process ID (a `pid_t`, kept as `Int32` so no C type leaves this target).
    package let pid: Int32
    /// The read end of the child's standard output.
    private let output: Int32

    /// Starts `executable` with `arguments` (not counting its own name) and this process's
    /// environment; throws the `errno` when it cannot be started.
    package static func start(_ executable: String, arguments: [String]) throws(ChildProcessError) -> ChildProcess {
        var ends: [Int32] = [0, 0]
        guard pipe2(&ends, O_CLOEXEC) == 0 else { throw ChildProcessError(operation: "pipe", code: errno) }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_adddup2(&actions, ends[1], 1)
        posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
        posix_spawn_file_actions_addclosefrom_np(&actions, 3)
        let argv = ([executable] + arguments).map { strdup($0) } + [nil]
        defer { for argument in argv { free(argument) } }
        var pid = pid_t()
        let status = posix_spawn(&pid, executable, &actions, nil, argv, environ)
        close(ends[1])
        guard status == 0 else {
            close(ends[0])
            throw ChildProcessError(operation: "starting \(executable)", code: status)
        }
        return ChildProcess(pid: pid, output: ends[0])
    }

    /// Everything the child writes to its standard output until it closes it, keeping at
    /// most `limit` bytes (the rest is read and dropped, so the child never blocks on a
    /// full pipe). Closes the pipe.
    package func readOutput(limit: Int) -> [UInt8] {
        defer { close(output) }
        var kept = [UInt8]()
        var chunk = [UInt8](repeating: 0, count: 16 << 10)
        while true {
            let count = chunk.withUnsafeMutableBytes { read(output, $0.baseAddress, $0.count) }
            if count < 0 && errno == EINTR { continue }
            guard count > 0 else { return kept }
            kept.append(contentsOf: chunk[0..<min(count, max(0, limit - kept.count))])
        }
    }

    /// Waits for the child to end and reaps it.
    package func wait() -> Ending {
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 {
            if errno != EINTR { return .exited(-1) }
        }
        // WIFEXITED / WTERMSIG, which Swift cannot import as macros.
        let signal = status & 0x7f
        return signal == 0 ? .exited((status >> 8) & 0xff) : .signalled(signal)
    }
}

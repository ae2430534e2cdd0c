import Foundation
import Testing

@testable import ProcessSpawning

/// `ChildProcess` starts the photo tool for every upload: what it hands the child and
/// how it reports the child's end must hold for any program.
@Suite struct ChildProcessTests {
    @Test func theOutputAndAnExitStatusComeBack() throws {
        let child = try ChildProcess.start("/bin/sh", arguments: ["-c", "printf 'one line'; exit 3"])
        #expect(String(decoding: child.readOutput(limit: 1 << 20), as: UTF8.self) == "one line")
        #expect(child.wait() == .exited(3))
    }

    /// The child gets no descriptor of the server's beyond its three standard ones (an
    /// open file here stands for a socket or the database), and reads nothing from stdin.
    @Test func theChildInheritsOnlyItsStandardDescriptors() throws {
        let open = FileHandle(forReadingAtPath: "/dev/zero")
        defer { try? open?.close() }
        let inheritable = dup(open!.fileDescriptor)  // dup clears close-on-exec
        defer { close(inheritable) }
        let child = try ChildProcess.start("/bin/sh", arguments: ["-c", "ls /proc/self/fd; cat; echo end"])
        let listed = String(decoding: child.readOutput(limit: 1 << 20), as: UTF8.self).split(separator: "\n")
        #expect(child.wait() == .exited(0))
        // 0, 1, 2, and the directory `ls` itself opened to list them.
        #expect(listed.count == 5, "\(listed)")
        #expect(!listed.contains(Substring(String(inheritable))) || inheritable <= 3, "\(listed)")
        #expect(listed.last == "end")
    }

    @Test func aSignalIsReportedAsOne() throws {
        let child = try ChildProcess.start("/bin/sh", arguments: ["-c", "kill -9 $$"])
        _ = child.readOutput(limit: 16)
        #expect(child.wait() == .signalled(9))
    }

    /// Output past the limit is read and dropped, so a chatty child still finishes.
    @Test func outputBeyondTheLimitIsDroppedWithoutBlockingTheChild() throws {
        let child = try ChildProcess.start("/bin/sh", arguments: ["-c", "head -c 1000000 /dev/zero"])
        #expect(child.readOutput(limit: 10).count == 10)
        #expect(child.wait() == .exited(0))
    }

    @Test func aMissingProgramIsAnErrorWithItsCause() {
        let error = #expect(throws: ChildProcessError.self) {
            _ = try ChildProcess.start("/nonexistent/grain-stories-photo", arguments: [])
        }
        #expect(error?.code == ENOENT)
        #expect(error?.description.contains("No such file or directory") == true)
    }
}

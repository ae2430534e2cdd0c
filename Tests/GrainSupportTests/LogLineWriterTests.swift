import Foundation
import Glibc
import Synchronization
import TestKit
import Testing

@testable import GrainSupport

/// The log's line writer against a real file: nothing lost, nothing torn, the order kept,
/// and immediate lines on disk when `write` returns.
@Suite struct LogLineWriterTests {
    /// A temporary file opened for appending, as standard error redirected to a file is.
    final class LogFile {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("log-\(UUID().uuidString).txt")
        let descriptor: Int32

        init() throws {
            descriptor = open(url.path, O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC, 0o600)
            try #require(descriptor >= 0)
        }

        deinit {
            close(descriptor)
            try? FileManager.default.removeItem(at: url)
        }

        var lines: [String] {
            let text = (try? String(contentsOf: url, encoding: .utf8)) ?? ""
            return text.split(separator: "\n", omittingEmptySubsequences: false).dropLast().map(String.init)
        }
    }

    private static func line(_ text: String) -> [UInt8] { Array((text + "\n").utf8) }

    @Test func aDeferredLineIsWrittenWithoutAFlush() async throws {
        let file = try LogFile()
        let writer = LogLineWriter(fileDescriptor: file.descriptor)
        defer { writer.shutdown() }
        writer.write(Self.line("first"), urgency: .deferrable)
        #expect(await eventually(within: .seconds(30)) { file.lines == ["first"] })
        writer.write(Self.line("second"), urgency: .deferrable)
        #expect(await eventually(within: .seconds(30)) { file.lines == ["first", "second"] })
    }

    /// `top -H` shows the writer's thread as what it is, not as the HTTP worker whose
    /// line started it.
    @Test func theWritersThreadIsNamedForWhatItDoes() async throws {
        let file = try LogFile()
        let writer = LogLineWriter(fileDescriptor: file.descriptor)
        defer { writer.shutdown() }
        writer.write(Self.line("first"), urgency: .deferrable)
        #expect(await eventually(within: .seconds(30)) { file.lines == ["first"] })
        let tasks = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/task")) ?? []
        let names = tasks.compactMap { try? String(contentsOfFile: "/proc/self/task/\($0)/comm", encoding: .utf8) }
        #expect(names.contains("log-writer\n"))
    }

    @Test func anImmediateLineIsOnDiskWhenWriteReturnsAfterEveryEarlierLine() async throws {
        let file = try LogFile()
        // A writer that lets lines gather for a minute: the deferred ones can only be in
        // the file in time if the immediate line takes them along.
        let writer = LogLineWriter(fileDescriptor: file.descriptor, gatherInterval: .seconds(60))
        defer { writer.shutdown() }
        writer.write(Self.line("warm-up"), urgency: .deferrable)
        #expect(await eventually(within: .seconds(30)) { file.lines == ["warm-up"] })
        let deferred = (0..<100).map { "request \($0)" }
        for text in deferred { writer.write(Self.line(text), urgency: .deferrable) }
        writer.write(Self.line("warning"), urgency: .immediate)
        #expect(file.lines == ["warm-up"] + deferred + ["warning"])
    }

    @Test func flushReturnsOnceEveryEarlierLineIsWritten() throws {
        let file = try LogFile()
        let writer = LogLineWriter(fileDescriptor: file.descriptor, gatherInterval: .seconds(60))
        defer { writer.shutdown() }
        let texts = (0..<500).map { "line \($0) " + String(repeating: "x", count: $0 % 50) }
        for text in texts { writer.write(Self.line(text), urgency: .deferrable) }
        writer.flush()
        #expect(file.lines == texts)
    }

    @Test func linesFromManyThreadsArriveWholeAndInEachThreadsOrder() async throws {
        let file = try LogFile()
        let writer = LogLineWriter(fileDescriptor: file.descriptor)
        let threads = 8
        let perThread = 2_000
        await withTaskGroup(of: Void.self) { group in
            for thread in 0..<threads {
                group.addTask {
                    for index in 0..<perThread {
                        let urgency: LogLineWriter.Urgency = index % 97 == 0 ? .immediate : .deferrable
                        writer.write(Self.line("t\(thread) \(index) " + String(repeating: "y", count: index % 120)), urgency: urgency)
                    }
                }
            }
        }
        writer.flush()
        let lines = file.lines
        #expect(lines.count == threads * perThread)
        var next = [Int](repeating: 0, count: threads)
        for line in lines {
            let fields = line.split(separator: " ", omittingEmptySubsequences: false)
            guard fields.count == 3, fields[0].hasPrefix("t"), let thread = Int(fields[0].dropFirst()), let index = Int(fields[1]),
                thread < threads, fields[2] == Substring(String(repeating: "y", count: index % 120))
            else {
                Issue.record("torn or foreign line: \(line)")
                return
            }
            #expect(index == next[thread], "thread \(thread) wrote \(index) after \(next[thread] - 1)")
            next[thread] = index + 1
        }
        #expect(next == [Int](repeating: perThread, count: threads))
        writer.shutdown()
    }

    /// A writer whose thread cannot keep up makes its callers write, instead of holding
    /// an ever longer buffer: with a limit of one byte every line is written by its caller.
    @Test func pastItsLimitTheCallerWritesTheLineItself() throws {
        let file = try LogFile()
        let writer = LogLineWriter(fileDescriptor: file.descriptor, gatherInterval: .seconds(60), maximumPending: 1)
        defer { writer.shutdown() }
        writer.write(Self.line("one"), urgency: .deferrable)
        #expect(file.lines == ["one"])
        writer.write(Self.line("two"), urgency: .deferrable)
        #expect(file.lines == ["one", "two"])
    }

    @Test func afterShutdownLinesAreWrittenByTheirCallers() throws {
        let file = try LogFile()
        let writer = LogLineWriter(fileDescriptor: file.descriptor, gatherInterval: .seconds(60))
        writer.write(Self.line("before"), urgency: .deferrable)
        writer.shutdown()
        #expect(file.lines == ["before"])
        writer.write(Self.line("after"), urgency: .deferrable)
        #expect(file.lines == ["before", "after"])
    }

    /// The logger hands warnings over as immediate and info lines as deferrable, and its
    /// `flush` waits for them: the lines are the ones a sink would get, plus a newline.
    @Test func aLoggerOnAWriterWritesTheSameLinesAsOnASink() throws {
        let file = try LogFile()
        let writer = LogLineWriter(fileDescriptor: file.descriptor, gatherInterval: .seconds(60))
        defer { writer.shutdown() }
        let fixed = Date(timeIntervalSince1970: 1_790_000_000.25)
        let captured = Mutex<[String]>([])
        let onSink = Logger(level: .info, now: { fixed }, sink: { line in captured.withLock { $0.append(line) } })
        let onWriter = Logger(level: .info, now: { fixed }, writer: writer)
        for logger in [onSink, onWriter] {
            logger.info("request", ["path": "/a b", "status": "200"])
            logger.debug("hidden")
        }
        // Written by now although the writer is still letting lines gather: the warning
        // takes the info line with it.
        for logger in [onSink, onWriter] { logger.warning("slow", ["ms": "12.50"]) }
        #expect(file.lines == captured.withLock { $0 })
        #expect(file.lines.count == 2)
        onWriter.info("late")
        onWriter.flush()
        #expect(file.lines.last?.hasSuffix(" info late") == true)
    }
}

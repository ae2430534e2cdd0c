import Foundation
import Glibc
import Synchronization
import TestKit

/// A child process for test tooling, driven without blocking the cooperative pool: its
/// output is read and its exit awaited on dedicated threads. Its standard input is a pipe
/// held open until `stop()`, so a child that watches for end of file outlives neither
/// this object nor the test process.
final class ChildProcess: Sendable {
    /// What `run` collected.
    struct Result: Sendable {
        let status: Int32
        let output: [UInt8]
        let errorText: String
    }

    private let process: Process
    /// Whether `stop()` has run.
    private let stopped = Mutex(false)
    private let input: Pipe
    private let output: Pipe

    init(executable: String, arguments: [String], stderrPath: String) throws {
        process = Process()
        input = Pipe()
        output = Pipe()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        process.standardInput = input
        process.standardOutput = output
        _ = FileManager.default.createFile(atPath: stderrPath, contents: nil)
        process.standardError = FileHandle(forWritingAtPath: stderrPath)
        var environment = ProcessInfo.processInfo.environment
        environment["PYTHONUNBUFFERED"] = "1"
        environment["PYTHONDONTWRITEBYTECODE"] = "1"
        process.environment = environment
        try process.run()
    }

    deinit { stop() }

    /// The first line the child writes to standard output, or nil at end of file.
    func firstLine() async -> String? {
        let descriptor = output.fileHandleForReading.fileDescriptor
        return await withCheckedContinuation { continuation in
            Thread {
                var line: [UInt8] = []
                var byte: UInt8 = 0
                while true {
                    let count = read(descriptor, &byte, 1)
                    if count < 0, errno == EINTR { continue }
                    guard count == 1 else { break }
                    if byte == UInt8(ascii: "\n") { return continuation.resume(returning: String(decoding: line, as: UTF8.self)) }
                    line.append(byte)
                }
                continuation.resume(returning: nil)
            }.start()
        }
    }

    /// Closes the child's input, sends SIGTERM, and waits up to 5 s before SIGKILL.
    func stop() {
        let first = stopped.withLock { stopped -> Bool in
            defer { stopped = true }
            return !stopped
        }
        guard first else { return }
        try? input.fileHandleForWriting.close()
        guard process.isRunning else { return }
        process.terminate()
        let deadline = Date(timeIntervalSinceNow: 5)
        while process.isRunning, Date() < deadline { usleep(20_000) }
        if process.isRunning { kill(process.processIdentifier, SIGKILL) }
        process.waitUntilExit()
    }

    /// Runs a command to completion on a dedicated thread, collecting its output.
    static func run(_ executable: String, _ arguments: [String]) async -> Result {
        await withCheckedContinuation { continuation in
            Thread {
                let process = Process()
                process.executableURL = URL(fileURLWithPath: executable)
                process.arguments = arguments
                let output = Pipe()
                let errors = Pipe()
                process.standardOutput = output
                process.standardError = errors
                process.standardInput = FileHandle.nullDevice
                do {
                    try process.run()
                } catch {
                    return continuation.resume(returning: Result(status: -1, output: [], errorText: "\(error)"))
                }
                // Drain stderr on its own thread so neither pipe can fill up and block the child.
                let errorData = Mutex(Data())
                let drained = TestGate()
                Thread {
                    let data = errors.fileHandleForReading.readDataToEndOfFile()
                    errorData.withLock { $0 = data }
                    drained.open()
                }.start()
                let data = output.fileHandleForReading.readDataToEndOfFile()
                process.waitUntilExit()
                _ = drained.wait(timeout: .seconds(10))
                let errorText = String(decoding: errorData.withLock { $0 }, as: UTF8.self)
                continuation.resume(returning: Result(status: process.terminationStatus, output: Array(data), errorText: errorText))
            }.start()
        }
    }
}

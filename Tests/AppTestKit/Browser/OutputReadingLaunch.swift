import Foundation

/// Starting a helper (a WebDriver server, Xvfb) that says on standard output when it is
/// ready: shared by `ChromeDriver` and `WebKitDriver`.
enum OutputReadingLaunch {
    /// Starts `executable` with `arguments` and reads its standard output until `ready`
    /// holds for what it wrote, it exits, or 15 s pass; returns the process and the text.
    /// `environment` is added to this process's own for the helper.
    static func start(
        _ executable: String, _ arguments: [String], environment: [String: String] = [:], until ready: (String) -> Bool
    ) throws -> (Process, String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        if !environment.isEmpty {
            process.environment = ProcessInfo.processInfo.environment.merging(environment) { _, added in added }
        }
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        var text = ""
        let deadline = Date().addingTimeInterval(15)
        let reading = output.fileHandleForReading
        while !ready(text) {
            // Waits until there is output (or end of file) or the deadline passes, so a
            // helper that never speaks cannot hold the test past it.
            let left = Int32(max(0, deadline.timeIntervalSinceNow * 1000))
            var waiting = pollfd(fd: reading.fileDescriptor, events: Int16(POLLIN), revents: 0)
            guard left > 0, poll(&waiting, 1, left) > 0 else { break }
            let chunk = reading.availableData
            // End of file: the helper closed its output, so nothing more can make it ready.
            guard !chunk.isEmpty else { break }
            text += String(decoding: chunk, as: UTF8.self)
        }
        return (process, text)
    }
}

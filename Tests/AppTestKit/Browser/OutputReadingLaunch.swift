import Foundation

/// Starting a helper (a WebDriver server, Xvfb) that says on standard output when it is
/// ready: shared by `ChromeDriver` and `WebKitDriver`.
enum OutputReadingLaunch {
    /// Starts `executable` with `arguments` and reads its standard output until `ready`
    /// holds for what it wrote, it exits, or 15 s pass; returns the process and the text.
    static func start(_ executable: String, _ arguments: [String], until ready: (String) -> Bool) throws -> (Process, String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        var text = ""
        let deadline = Date().addingTimeInterval(15)
        while Date() < deadline, !ready(text) {
            let chunk = output.fileHandleForReading.availableData
            if chunk.isEmpty {
                // An empty read is end of file only once the process has gone.
                guard process.isRunning else { break }
                Thread.sleep(forTimeInterval: 0.05)
                continue
            }
            text += String(decoding: chunk, as: UTF8.self)
        }
        return (process, text)
    }
}

import Foundation

/// Reads QR codes back from an image file with `zbarimg` (Debian's zbar-tools, installed by
/// `scripts/setup --tests`): an independent decoder, so a test of a code this project
/// made does not trust the project's own idea of what it drew.
package enum QRCodeReader {
    package static let zbarimg = "/usr/bin/zbarimg"

    /// Every QR code's text found in the image at `path` (PNG, PGM, …), in zbarimg's
    /// order; empty when it found none. Throws when zbarimg is missing or fails otherwise.
    package static func texts(inImageAt path: String) throws -> [String] {
        guard FileManager.default.isExecutableFile(atPath: zbarimg) else {
            throw QRCodeReaderError("zbarimg is not installed; run ./scripts/setup --tests (zbar-tools)")
        }
        let scratch = ProjectPaths.temporaryDirectory("zbar")
        defer { try? FileManager.default.removeItem(atPath: scratch) }
        _ = FileManager.default.createFile(atPath: scratch + "/out", contents: nil)
        _ = FileManager.default.createFile(atPath: scratch + "/err", contents: nil)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: zbarimg)
        // One text per line, nothing else; only QR codes, so no stray barcode is "found".
        process.arguments = ["--quiet", "--raw", "-Sdisable", "-Sqrcode.enable", path]
        process.standardOutput = try FileHandle(forWritingTo: URL(fileURLWithPath: scratch + "/out"))
        process.standardError = try FileHandle(forWritingTo: URL(fileURLWithPath: scratch + "/err"))
        try process.run()
        process.waitUntilExit()
        let output = (try? String(contentsOfFile: scratch + "/out", encoding: .utf8)) ?? ""
        // zbarimg exits 4 when the image holds no code it can read.
        switch process.terminationStatus {
        case 0: return output.split(separator: "\n").map(String.init)
        case 4: return []
        default:
            let error = (try? String(contentsOfFile: scratch + "/err", encoding: .utf8)) ?? ""
            throw QRCodeReaderError("zbarimg exited \(process.terminationStatus): \(error)")
        }
    }

    /// Every QR code's text in image bytes (`extension` names their format for zbarimg).
    package static func texts(inImage bytes: [UInt8], extension: String) throws -> [String] {
        let path = NSTemporaryDirectory() + "grainstories-qr-\(UUID().uuidString).\(`extension`)"
        defer { try? FileManager.default.removeItem(atPath: path) }
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        return try texts(inImageAt: path)
    }
}

/// zbarimg could not be run.
package struct QRCodeReaderError: Error, CustomStringConvertible {
    package let description: String
    package init(_ description: String) { self.description = description }
}

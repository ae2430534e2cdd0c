import Foundation

/// Reads QR codes back from an image file with `zbarimg` (Debian's zbar-tools, installed by
/// `scripts/setup --tests`): an independent decoder, so a test of a code this project
/// made does not trust the project's own idea of what it drew.
package enum QRCodeReader {
    package static let zbarimg = "/usr/bin/zbarimg"

    /// Every QR code's text found in the image at `path` (PNG, PGM, …), in zbarimg's
    /// order; empty when it found none. Throws when zbarimg is missing or fails otherwise.
    package static func texts(inImageAt path: String) throws -> [String] {
        // One text per line, nothing else; only QR codes, so no stray barcode is "found".
        let run = try ToolRun(zbarimg, ["--quiet", "--raw", "-Sdisable", "-Sqrcode.enable", path])
        // zbarimg exits 4 when the image holds no code it can read.
        switch run.status {
        case 0: return run.output.split(separator: "\n").map(String.init)
        case 4: return []
        default: throw ToolRunError("zbarimg exited \(run.status): \(run.error)")
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

import Foundation

/// Writes a file by writing a temporary sibling and renaming it over the destination, so
/// readers never see a half-written file and a failure leaves no output behind.
enum AtomicFileWriter {
    struct WriteError: Error {
        let reason: String
    }

    static func write(_ bytes: [UInt8], toPath path: String) throws(WriteError) {
        let destination = URL(fileURLWithPath: path)
        let temporary = destination.deletingLastPathComponent()
            .appendingPathComponent(".\(destination.lastPathComponent).\(UUID().uuidString).tmp")
        do {
            try Data(bytes).write(to: temporary, options: .withoutOverwriting)
        } catch {
            throw WriteError(reason: "\(error.localizedDescription)")
        }
        guard rename(temporary.path, destination.path) == 0 else {
            let reason = String(cString: strerror(errno))
            try? FileManager.default.removeItem(at: temporary)
            throw WriteError(reason: reason)
        }
    }
}

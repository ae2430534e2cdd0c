import DurableFiles
import Glibc
import GrainSupport

/// Drives `H3TSVConverter` over standard input and output: reads 1 MiB blocks and
/// writes output in blocks of about 256 KiB, so a million lines take a few hundred
/// system calls rather than millions.
enum H3TSVCommand {
    static let readBlockSize = 1 << 20
    static let flushThreshold = 1 << 18

    static func run() -> Int32 {
        var converter = H3TSVConverter()
        var output: [UInt8] = []
        output.reserveCapacity(flushThreshold + (1 << 16))
        var block = [UInt8](repeating: 0, count: readBlockSize)
        do {
            while true {
                let count = block.withUnsafeMutableBytes { read(0, $0.baseAddress, $0.count) }
                if count < 0 && errno == EINTR { continue }
                if count < 0 {
                    flush(&output)
                    let failure = FileSystemError(operation: "reading standard input", code: errno)
                    StandardStreams.error("grain-stories h3 cell: cannot read standard input: \(failure.detail)")
                    return 74
                }
                if count == 0 { break }
                // Typed throws stop at `withUnsafeBytes`; carry the outcome out.
                let outcome = block.withUnsafeBytes { bytes in
                    Result { () throws(H3TSVError) in try converter.consume(UnsafeRawBufferPointer(rebasing: bytes[0..<count]), into: &output) }
                }
                try outcome.get()
                if output.count >= flushThreshold {
                    flush(&output)
                }
            }
            try converter.finish(into: &output)
            flush(&output)
            return 0
        } catch {
            flush(&output)
            StandardStreams.error("grain-stories h3 cell: \(error)")
            return 65
        }
    }

    private static func flush(_ output: inout [UInt8]) {
        guard !output.isEmpty else { return }
        StandardStreams.output(bytes: output)
        output.removeAll(keepingCapacity: true)
    }
}

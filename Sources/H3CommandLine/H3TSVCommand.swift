import Foundation
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
        let input = FileHandle.standardInput
        do {
            while true {
                let block: Data?
                do {
                    block = try input.read(upToCount: readBlockSize)
                } catch {
                    flush(&output)
                    StandardStreams.error("grain-stories h3 cell: cannot read standard input: \(error.localizedDescription)")
                    return 74
                }
                guard let block, !block.isEmpty else { break }
                // Typed throws stop at `withUnsafeBytes`; carry the outcome out.
                let outcome = block.withUnsafeBytes { bytes in
                    Result { () throws(H3TSVError) in try converter.consume(bytes, into: &output) }
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

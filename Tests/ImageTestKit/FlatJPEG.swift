/// Writes valid JPEGs of a flat mid-grey image of any declared size, bit by bit, without
/// a pixel buffer: every block's DC difference is 0 and every AC coefficient is 0, so a
/// 10000 × 10000 progressive CMYK image (what an attacker used to make the decoder take
/// 819 MB) comes out at about 0.8 MB and is made in milliseconds. Written independently
/// of the code under test; libjpeg decodes the results (see `FlatJPEGTests`).
package enum FlatJPEG {
    /// Colour layout of the image.
    package enum Layout: Sendable {
        /// One component.
        case grayscale
        /// Three components (JFIF, so YCbCr); `subsampled` gives luma 2 × 2 (4:2:0).
        case ycbcr(subsampled: Bool)
        /// Four 1 × 1 components with an Adobe marker (transform 0): CMYK.
        case cmyk
    }

    /// How the coefficients are coded.
    package enum Coding: Sendable {
        /// Sequential, all components in one interleaved scan (an ordinary camera file).
        case baseline
        /// Sequential, but each component in a scan of its own.
        case baselineSeparateScans
        /// Progressive: one interleaved DC scan, then one AC scan per component.
        case progressive
    }

    package static func make(width: Int, height: Int, layout: Layout, coding: Coding) -> [UInt8] {
        precondition((1...65535).contains(width) && (1...65535).contains(height))
        let sampling: [(h: Int, v: Int)]
        switch layout {
        case .grayscale: sampling = [(1, 1)]
        case .ycbcr(let subsampled): sampling = subsampled ? [(2, 2), (1, 1), (1, 1)] : [(1, 1), (1, 1), (1, 1)]
        case .cmyk: sampling = [(1, 1), (1, 1), (1, 1), (1, 1)]
        }
        var out: [UInt8] = [0xFF, 0xD8]
        switch layout {
        case .cmyk:
            out += JPEGTestTools.segment(marker: 0xEE, payload: Array("Adobe".utf8) + [0, 100, 0, 0, 0, 0, 0])
        default:
            out += JPEGTestTools.segment(marker: 0xE0, payload: Array("JFIF".utf8) + [0, 1, 1, 0, 0, 1, 0, 1, 0, 0])
        }
        out += JPEGTestTools.segment(marker: 0xDB, payload: [0x00] + Array(repeating: 1, count: 64))
        var frame: [UInt8] = [8, UInt8(height >> 8), UInt8(height & 0xFF), UInt8(width >> 8), UInt8(width & 0xFF), UInt8(sampling.count)]
        for (index, factor) in sampling.enumerated() { frame += [UInt8(index + 1), UInt8(factor.h << 4 | factor.v), 0] }
        out += JPEGTestTools.segment(marker: coding == .progressive ? 0xC2 : 0xC0, payload: frame)
        // DC table 0: the one symbol "category 0" with the 1-bit code 0.
        var tables: [UInt8] = [0x00, 1] + Array(repeating: 0, count: 15) + [0x00]
        if coding == .progressive {
            // AC table 0: EOB runs EOB0…EOB14 (symbols 0x00, 0x10 … 0xE0), 4-bit codes 0…14.
            tables += [0x10, 0, 0, 0, 15] + Array(repeating: 0, count: 12) + (0..<15).map { UInt8($0 << 4) }
        } else {
            // AC table 0: only EOB, the 1-bit code 0.
            tables += [0x10, 1] + Array(repeating: 0, count: 15) + [0x00]
        }
        out += JPEGTestTools.segment(marker: 0xC4, payload: tables)

        let maxH = sampling.map(\.h).max()!
        let maxV = sampling.map(\.v).max()!
        let mcus = divide(width, 8 * maxH) * divide(height, 8 * maxV)
        let blocksPerMCU = sampling.reduce(0) { $0 + $1.h * $1.v }
        /// Blocks of component `index` in a scan of its own (no MCU padding).
        func ownBlocks(_ index: Int) -> Int {
            divide(divide(width * sampling[index].h, maxH), 8) * divide(divide(height * sampling[index].v, maxV), 8)
        }
        func interleavedBlocks() -> Int { sampling.count == 1 ? ownBlocks(0) : mcus * blocksPerMCU }

        switch coding {
        case .baseline:
            out += scanHeader(components: Array(0..<sampling.count), spectralEnd: 63)
            var bits = BitWriter()
            bits.zeros(2 * interleavedBlocks())  // DC "0", then EOB "0", per block
            out += bits.finish()
        case .baselineSeparateScans:
            for index in sampling.indices {
                out += scanHeader(components: [index], spectralEnd: 63)
                var bits = BitWriter()
                bits.zeros(2 * ownBlocks(index))
                out += bits.finish()
            }
        case .progressive:
            out += scanHeader(components: Array(0..<sampling.count), spectralEnd: 0)
            var dc = BitWriter()
            dc.zeros(interleavedBlocks())
            out += dc.finish()
            for index in sampling.indices {
                out += scanHeader(components: [index], spectralStart: 1, spectralEnd: 63)
                var ac = BitWriter()
                var remaining = ownBlocks(index)
                while remaining > 0 {
                    let run = min(remaining, 32767)
                    let r = Int.bitWidth - 1 - run.leadingZeroBitCount
                    ac.write(r, count: 4)
                    ac.write(run - (1 << r), count: r)
                    remaining -= run
                }
                out += ac.finish()
            }
        }
        return out + [0xFF, 0xD9]
    }

    private static func scanHeader(components: [Int], spectralStart: UInt8 = 0, spectralEnd: UInt8) -> [UInt8] {
        var payload: [UInt8] = [UInt8(components.count)]
        for index in components { payload += [UInt8(index + 1), 0x00] }
        payload += [spectralStart, spectralEnd, 0]
        return JPEGTestTools.segment(marker: 0xDA, payload: payload)
    }

    private static func divide(_ value: Int, _ divisor: Int) -> Int { (value + divisor - 1) / divisor }

    /// Entropy-coded bits, most significant first, 0xFF bytes stuffed, padded with 1s.
    private struct BitWriter {
        private var bytes: [UInt8] = []
        private var current = 0
        private var used = 0

        /// `count` zero bits; whole zero bytes at once when aligned (the common case).
        mutating func zeros(_ count: Int) {
            var left = count
            while left > 0, used != 0 {
                write(0, count: 1)
                left -= 1
            }
            bytes += repeatElement(0, count: left / 8)
            write(0, count: left % 8)
        }

        mutating func write(_ value: Int, count: Int) {
            for shift in stride(from: count - 1, through: 0, by: -1) {
                current = current << 1 | (value >> shift & 1)
                used += 1
                if used == 8 { flush() }
            }
        }

        mutating func finish() -> [UInt8] {
            while used != 0 { write(1, count: 1) }
            return bytes
        }

        private mutating func flush() {
            bytes.append(UInt8(current))
            if current == 0xFF { bytes.append(0) }
            current = 0
            used = 0
        }
    }
}

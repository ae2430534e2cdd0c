import CQRencode
import Glibc

/// A QR code: a square of dark and light modules, made by libqrencode from text.
///
/// The only importer of `CQRencode`. libqrencode is CPU work of a few microseconds for a
/// short link (no I/O, no lock held for long), and Debian builds it thread-safe, so it runs
/// wherever its caller does. The C symbol is copied into Swift values at once and freed in
/// the same scope; nothing of libqrencode outlives `encode`.
package struct QRCode: Sendable, Equatable {
    /// How much of the code may be damaged or hidden and still be read, at the cost of
    /// a larger code for the same text.
    package enum Correction: Sendable {
        /// About 7 %.
        case low
        /// About 15 %: a screen across a room, glare included.
        case medium
        /// About 25 %.
        case quartile
        /// About 30 %.
        case high

        var level: QRecLevel {
            switch self {
            case .low: QR_ECLEVEL_L
            case .medium: QR_ECLEVEL_M
            case .quartile: QR_ECLEVEL_Q
            case .high: QR_ECLEVEL_H
            }
        }
    }

    /// The symbol's version (1–40): its size is `17 + 4 × version` modules a side.
    package let version: Int
    /// Modules per side, without a quiet zone.
    package let size: Int
    /// Row by row, `size × size` values: true for a dark module.
    package let modules: [Bool]

    /// Whether the module at `row`, `column` (from the top left, both below `size`) is dark.
    package func isDark(row: Int, column: Int) -> Bool {
        modules[row * size + column]
    }

    /// The smallest code holding `text` (UTF-8, case kept) at `correction`.
    ///
    /// Throws for text a QR code cannot hold: empty, containing NUL (libqrencode reads a C
    /// string), or longer than the largest version takes at that correction.
    package static func encode(_ text: String, correction: Correction = .medium) throws(QRCodeError) -> QRCode {
        guard !text.isEmpty else { throw QRCodeError(.empty, errno: 0) }
        guard !text.utf8.contains(0) else { throw QRCodeError(.containsNUL, errno: 0) }
        errno = 0
        // Version 0: the smallest that fits. 8-bit mode as the hint, case-sensitive: a
        // URL's path is; libqrencode still packs runs of digits and capitals tighter.
        guard let symbol = QRcode_encodeString(text, 0, correction.level, QR_MODE_8, 1) else {
            throw QRCodeError(errno == ERANGE ? .tooLong : .failed, errno: errno)
        }
        defer { QRcode_free(symbol) }
        let size = Int(symbol.pointee.width)
        let count = size * size
        guard size > 0, let data = symbol.pointee.data else { throw QRCodeError(.failed, errno: 0) }
        // Bit 0 of each byte is the module's colour; the other bits say what it is part of.
        let modules = (0..<count).map { data[$0] & 1 == 1 }
        return QRCode(version: Int(symbol.pointee.version), size: size, modules: modules)
    }
}

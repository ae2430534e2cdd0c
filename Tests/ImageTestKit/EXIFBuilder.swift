/// Builds EXIF (TIFF-structured) APP1 segments in pure Swift, independently of libexif,
/// so tests can feed the pipeline metadata whose meaning they know for certain.
///
/// Writes IFD0 (Make, Model, Orientation and pointers), an Exif IFD (DateTimeOriginal)
/// and a GPS IFD (version, latitude/longitude and their references), in either byte order.
package struct EXIFBuilder: Sendable {
    package enum ByteOrder: Sendable { case littleEndian, bigEndian }

    /// One GPS axis: the reference letter ("N", "S", "E", "W") and three rationals.
    package struct GPSAxis: Sendable {
        package var reference: String
        package var parts: [(numerator: UInt32, denominator: UInt32)]

        package init(reference: String, parts: [(numerator: UInt32, denominator: UInt32)]) {
            self.reference = reference
            self.parts = parts
        }

        /// Degrees, minutes and seconds (1/10000 s precision) for an unsigned decimal value.
        package init(reference: String, degrees value: Double) {
            let degrees = value.rounded(.towardZero)
            let minutesTotal = (value - degrees) * 60
            let minutes = minutesTotal.rounded(.towardZero)
            let seconds = (minutesTotal - minutes) * 60
            self.init(
                reference: reference,
                parts: [(UInt32(degrees), 1), (UInt32(minutes), 1), (UInt32((seconds * 10_000).rounded()), 10_000)])
        }
    }

    package var byteOrder: ByteOrder = .littleEndian
    package var orientation: UInt16?
    package var make: String?
    package var model: String?
    package var dateTimeOriginal: String?
    package var latitude: GPSAxis?
    package var longitude: GPSAxis?

    package init() {}

    /// The complete APP1 segment: marker, length, `Exif\0\0`, TIFF data.
    package func app1Segment() -> [UInt8] {
        JPEGTestTools.segment(marker: 0xE1, payload: Array("Exif".utf8) + [0, 0] + tiff())
    }

    /// The TIFF structure alone.
    package func tiff() -> [UInt8] {
        var ifd0: [Entry] = []
        if let make { ifd0.append(ascii(0x010F, make)) }
        if let model { ifd0.append(ascii(0x0110, model)) }
        if let orientation { ifd0.append(Entry(tag: 0x0112, type: 3, count: 1, data: u16(orientation))) }
        var exifIFD: [Entry] = []
        if let dateTimeOriginal { exifIFD.append(ascii(0x9003, dateTimeOriginal)) }
        var gpsIFD: [Entry] = []
        if latitude != nil || longitude != nil {
            gpsIFD.append(Entry(tag: 0x0000, type: 1, count: 4, data: [2, 2, 0, 0]))
        }
        for (axis, refTag) in [(latitude, UInt16(1)), (longitude, UInt16(3))] {
            guard let axis else { continue }
            gpsIFD.append(ascii(refTag, axis.reference))
            let data = axis.parts.flatMap { u32($0.numerator) + u32($0.denominator) }
            gpsIFD.append(Entry(tag: refTag + 1, type: 5, count: UInt32(axis.parts.count), data: data))
        }
        // Pointers are LONGs held inline, so every IFD's size is known before layout.
        if !exifIFD.isEmpty { ifd0.append(Entry(tag: 0x8769, type: 4, count: 1, data: [0, 0, 0, 0])) }
        if !gpsIFD.isEmpty { ifd0.append(Entry(tag: 0x8825, type: 4, count: 1, data: [0, 0, 0, 0])) }
        let exifOffset = 8 + size(of: ifd0)
        let gpsOffset = exifOffset + (exifIFD.isEmpty ? 0 : size(of: exifIFD))
        for index in ifd0.indices {
            if ifd0[index].tag == 0x8769 { ifd0[index].data = u32(UInt32(exifOffset)) }
            if ifd0[index].tag == 0x8825 { ifd0[index].data = u32(UInt32(gpsOffset)) }
        }
        var out: [UInt8] = byteOrder == .littleEndian ? [0x49, 0x49, 0x2A, 0x00] : [0x4D, 0x4D, 0x00, 0x2A]
        out += u32(8)
        out += ifdBytes(ifd0, at: 8)
        if !exifIFD.isEmpty { out += ifdBytes(exifIFD, at: exifOffset) }
        if !gpsIFD.isEmpty { out += ifdBytes(gpsIFD, at: gpsOffset) }
        return out
    }

    private struct Entry {
        var tag: UInt16
        var type: UInt16
        var count: UInt32
        var data: [UInt8]
    }

    private func size(of entries: [Entry]) -> Int {
        2 + 12 * entries.count + 4 + entries.reduce(0) { $0 + ($1.data.count > 4 ? ($1.data.count + 1) & ~1 : 0) }
    }

    private func ifdBytes(_ entries: [Entry], at offset: Int) -> [UInt8] {
        let sorted = entries.sorted { $0.tag < $1.tag }
        var head = u16(UInt16(sorted.count))
        var data: [UInt8] = []
        let dataStart = offset + 2 + 12 * sorted.count + 4
        for entry in sorted {
            head += u16(entry.tag) + u16(entry.type) + u32(entry.count)
            if entry.data.count <= 4 {
                head += entry.data + [UInt8](repeating: 0, count: 4 - entry.data.count)
            } else {
                head += u32(UInt32(dataStart + data.count))
                data += entry.data
                if data.count % 2 == 1 { data.append(0) }
            }
        }
        return head + u32(0) + data
    }

    private func ascii(_ tag: UInt16, _ text: String) -> Entry {
        let bytes = Array(text.utf8) + [0]
        return Entry(tag: tag, type: 2, count: UInt32(bytes.count), data: bytes)
    }

    private func u16(_ value: UInt16) -> [UInt8] {
        let bytes = [UInt8(value & 0xFF), UInt8(value >> 8)]
        return byteOrder == .littleEndian ? bytes : bytes.reversed()
    }

    private func u32(_ value: UInt32) -> [UInt8] {
        let bytes = (0..<4).map { UInt8((value >> (8 * $0)) & 0xFF) }
        return byteOrder == .littleEndian ? bytes : bytes.reversed()
    }
}

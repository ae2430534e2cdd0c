import CExif
import Glibc
import H3Index

/// Reads the few EXIF fields the pipeline uses through libexif, defensively.
///
/// The payload comes from an untrusted upload: every entry's format, component count and
/// data size is checked before a value is read, and anything malformed is treated as
/// absent (the photo still processes, just without that field). libexif's "fix the data
/// to follow the specification" option is turned off so it never invents entries.
enum EXIFReader {
    /// GPS IFD tag numbers (libexif declares them as macros that share values with the
    /// interoperability tags, so they are spelled out here).
    private enum GPSTag {
        static let latitudeRef: UInt32 = 0x0001
        static let latitude: UInt32 = 0x0002
        static let longitudeRef: UInt32 = 0x0003
        static let longitude: UInt32 = 0x0004
    }

    /// Parses a TIFF-structured EXIF payload (the APP1 data after `Exif\0\0`).
    static func read(_ payload: [UInt8]) -> PhotoMetadata {
        var metadata = PhotoMetadata()
        guard payload.count >= 8, let data = exif_data_new() else { return metadata }
        defer { exif_data_unref(data) }
        exif_data_unset_option(data, EXIF_DATA_OPTION_FOLLOW_SPECIFICATION)
        exif_data_set_option(data, EXIF_DATA_OPTION_DONT_CHANGE_MAKER_NOTE)
        // libexif accepts the payload with its "Exif\0\0" header; put it back.
        let withHeader: [UInt8] = Array("Exif".utf8) + [0, 0] + payload
        withHeader.withUnsafeBufferPointer { buffer in
            exif_data_load_data(data, buffer.baseAddress, UInt32(buffer.count))
        }
        let order = exif_data_get_byte_order(data)
        let reader = EntryReader(data: data, order: order)

        if let value = reader.shorts(EXIF_IFD_0, EXIF_TAG_ORIENTATION.rawValue)?.first, (1...8).contains(value) {
            metadata.orientation = Int(value)
        }
        metadata.make = reader.ascii(EXIF_IFD_0, EXIF_TAG_MAKE.rawValue)
        metadata.model = reader.ascii(EXIF_IFD_0, EXIF_TAG_MODEL.rawValue)
        metadata.dateTimeOriginal = reader.ascii(EXIF_IFD_EXIF, EXIF_TAG_DATE_TIME_ORIGINAL.rawValue)
        metadata.gps = gps(reader)
        return metadata
    }

    /// Signed decimal degrees from degrees/minutes/seconds rationals and N/S/E/W references.
    private static func gps(_ reader: EntryReader) -> GPSCoordinate? {
        guard let latRef = reader.ascii(EXIF_IFD_GPS, GPSTag.latitudeRef)?.uppercased(),
            let lonRef = reader.ascii(EXIF_IFD_GPS, GPSTag.longitudeRef)?.uppercased(),
            let lat = reader.rationals(EXIF_IFD_GPS, GPSTag.latitude).flatMap(degrees),
            let lon = reader.rationals(EXIF_IFD_GPS, GPSTag.longitude).flatMap(degrees)
        else { return nil }
        let latitudeSign: Double
        switch latRef.first {
        case "N": latitudeSign = 1
        case "S": latitudeSign = -1
        default: return nil
        }
        let longitudeSign: Double
        switch lonRef.first {
        case "E": longitudeSign = 1
        case "W": longitudeSign = -1
        default: return nil
        }
        // Exactly 0,0 is what many cameras write when they have no fix.
        if lat == 0, lon == 0 { return nil }
        return GPSCoordinate(latitude: latitudeSign * lat, longitude: longitudeSign * lon)
    }

    /// d + m/60 + s/3600 from three rationals; nil for a zero denominator, a negative or
    /// non-finite part, or fewer than three parts.
    static func degrees(_ parts: [Double?]) -> Double? {
        guard parts.count >= 3 else { return nil }
        var total = 0.0
        for (part, divisor) in zip(parts.prefix(3), [1.0, 60.0, 3600.0]) {
            guard let part, part.isFinite, part >= 0 else { return nil }
            total += part / divisor
        }
        return total.isFinite ? total : nil
    }
}

/// Reads typed values from one libexif `ExifData`, validating every entry first.
private struct EntryReader {
    let data: UnsafeMutablePointer<ExifData>
    let order: ExifByteOrder

    /// The entry's raw bytes, only if its size covers `components × format size`.
    private func entry(_ ifd: ExifIfd, _ tag: UInt32, formats: [ExifFormat]) -> (UnsafeMutablePointer<UInt8>, Int, ExifFormat)? {
        guard let entry = cexif_entry(data, ifd, ExifTag(rawValue: tag)), let bytes = entry.pointee.data,
            formats.contains(entry.pointee.format)
        else { return nil }
        let unit = Int(exif_format_get_size(entry.pointee.format))
        let components = Int(clamping: entry.pointee.components)
        guard unit > 0, components > 0, components <= Int(entry.pointee.size) / unit else { return nil }
        return (bytes, components, entry.pointee.format)
    }

    func shorts(_ ifd: ExifIfd, _ tag: UInt32) -> [UInt16]? {
        guard let (bytes, count, _) = entry(ifd, tag, formats: [EXIF_FORMAT_SHORT]) else { return nil }
        return (0..<count).map { exif_get_short(bytes + 2 * $0, order) }
    }

    /// Each rational as a Double, or nil for a zero denominator (or negative signed value).
    func rationals(_ ifd: ExifIfd, _ tag: UInt32) -> [Double?]? {
        guard let (bytes, count, format) = entry(ifd, tag, formats: [EXIF_FORMAT_RATIONAL, EXIF_FORMAT_SRATIONAL])
        else { return nil }
        return (0..<min(count, 3)).map { index -> Double? in
            if format == EXIF_FORMAT_RATIONAL {
                let value = exif_get_rational(bytes + 8 * index, order)
                guard value.denominator != 0 else { return nil }
                return Double(value.numerator) / Double(value.denominator)
            }
            let value = exif_get_srational(bytes + 8 * index, order)
            guard value.denominator != 0, value.numerator >= 0, value.denominator > 0 else { return nil }
            return Double(value.numerator) / Double(value.denominator)
        }
    }

    /// An ASCII value with trailing NULs and spaces removed; nil when empty or absent.
    func ascii(_ ifd: ExifIfd, _ tag: UInt32) -> String? {
        guard let (bytes, count, _) = entry(ifd, tag, formats: [EXIF_FORMAT_ASCII]) else { return nil }
        let raw = UnsafeBufferPointer(start: bytes, count: min(count, 256))
        let text = raw.prefix { $0 != 0 }
        let string = Self.trimmingSpaces(String(decoding: text, as: UTF8.self))
        return string.isEmpty ? nil : string
    }

    /// `text` without leading and trailing spaces and tabs (Unicode's space separators, as
    /// Foundation's `.whitespaces`), which this target does without.
    static func trimmingSpaces(_ text: String) -> String {
        func isSpace(_ scalar: Unicode.Scalar) -> Bool { scalar == "\t" || scalar.properties.generalCategory == .spaceSeparator }
        let scalars = text.unicodeScalars
        guard let first = scalars.firstIndex(where: { !isSpace($0) }), let last = scalars.lastIndex(where: { !isSpace($0) }) else { return "" }
        return String(scalars[first...last])
    }
}

/// A minimal TIFF/Exif reader for the tests: IFD0's Orientation and the GPS IFD's position,
/// written from the TIFF 6.0 and Exif 2.3 layouts independently of the decoder.
struct TIFFReader {
    let bytes: [UInt8]
    let bigEndian: Bool

    init?(_ bytes: [UInt8]) {
        guard bytes.count >= 8 else { return nil }
        self.bytes = bytes
        switch (bytes[0], bytes[1]) {
        case (0x4D, 0x4D): bigEndian = true
        case (0x49, 0x49): bigEndian = false
        default: return nil
        }
        guard u16(2) == 42 else { return nil }
    }

    func u16(_ at: Int) -> Int {
        bigEndian ? Int(bytes[at]) << 8 | Int(bytes[at + 1]) : Int(bytes[at + 1]) << 8 | Int(bytes[at])
    }

    func u32(_ at: Int) -> Int { bigEndian ? u16(at) << 16 | u16(at + 2) : u16(at + 2) << 16 | u16(at) }

    /// The entries of the IFD at `offset`: tag → offset of the entry's 4-byte value field.
    func entries(at offset: Int) -> [Int: Int] {
        var result: [Int: Int] = [:]
        for index in 0..<u16(offset) {
            let entry = offset + 2 + index * 12
            result[u16(entry)] = entry + 8
        }
        return result
    }

    var orientation: Int? { entries(at: u32(4))[0x0112].map { u16($0) } }

    struct GPS { let latitudeRef: String, latitude: Double, longitudeRef: String, longitude: Double }

    var gps: GPS? {
        guard let pointer = entries(at: u32(4))[0x8825] else { return nil }
        let gps = entries(at: u32(pointer))
        guard let latRef = gps[1], let lat = gps[2], let lonRef = gps[3], let lon = gps[4] else { return nil }
        return GPS(
            latitudeRef: String(UnicodeScalar(bytes[latRef])), latitude: degrees(u32(lat)),
            longitudeRef: String(UnicodeScalar(bytes[lonRef])), longitude: degrees(u32(lon)))
    }

    /// Three RATIONALs (degrees, minutes, seconds) at `offset` as decimal degrees.
    func degrees(_ offset: Int) -> Double {
        let parts = (0..<3).map { Double(u32(offset + $0 * 8)) / Double(u32(offset + $0 * 8 + 4)) }
        return parts[0] + parts[1] / 60 + parts[2] / 3600
    }
}

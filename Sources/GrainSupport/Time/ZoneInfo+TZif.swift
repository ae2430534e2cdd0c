extension ZoneInfo {
    /// Reads a compiled tz file (RFC 8536, TZif versions 1–4): the 64-bit block of version 2
    /// and later (the 32-bit one of a version 1 file), and the POSIX rule at the end.
    /// Leap-second files (`right/…`) are refused: their instants are not UTC's.
    package init(identifier: String, tzif bytes: [UInt8]) throws(ZoneInfoError) {
        do throws(ZoneInfoError) {
            self = try Self.parse(identifier: identifier, bytes)
        } catch {
            guard case .unreadable(_, let reason) = error else { throw error }
            throw .unreadable(identifier, reason)
        }
    }

    private static func parse(identifier: String, _ bytes: [UInt8]) throws(ZoneInfoError) -> ZoneInfo {
        var reader = Reader(bytes: bytes)
        var header = try reader.header()
        var timeSize = 4
        if header.version >= 2 {
            // Skip the 32-bit block: the 64-bit one after it says the same for all instants.
            try reader.skip(header.blockSize(timeSize: 4))
            header = try reader.header()
            timeSize = 8
        }
        guard header.leapCount == 0 else { throw ZoneInfoError.unreadable(identifier, "it counts leap seconds") }
        guard header.typeCount > 0 else { throw ZoneInfoError.unreadable(identifier, "it has no local time types") }
        var transitions: [Int64] = []
        transitions.reserveCapacity(header.timeCount)
        for _ in 0..<header.timeCount { transitions.append(try timeSize == 8 ? reader.int64() : Int64(reader.int32())) }
        var typeIndices: [Int] = []
        for _ in 0..<header.timeCount { typeIndices.append(Int(try reader.byte())) }
        var typeOffsets: [Int32] = []
        for _ in 0..<header.typeCount {
            typeOffsets.append(try reader.int32())
            try reader.skip(2)  // is-DST flag, abbreviation index
        }
        guard typeIndices.allSatisfy({ $0 < typeOffsets.count }), zip(transitions, transitions.dropFirst()).allSatisfy({ $0 < $1 }) else {
            throw ZoneInfoError.unreadable(identifier, "its transitions are out of order or name unknown types")
        }
        try reader.skip(header.characterCount + header.standardCount + header.utcCount)
        var rule: PosixZoneRule?
        if header.version >= 2, reader.remaining > 1 {
            let footer = reader.rest()
            if footer.first == UInt8(ascii: "\n"), let close = footer.dropFirst().firstIndex(of: UInt8(ascii: "\n")) {
                let text = String(decoding: footer[footer.index(after: footer.startIndex)..<close], as: UTF8.self)
                rule = text.isEmpty ? nil : PosixZoneRule(text)
            }
        }
        return ZoneInfo(
            identifier: identifier, transitions: transitions, offsets: typeIndices.map { typeOffsets[$0] }, initialOffset: typeOffsets[0],
            rule: rule)
    }

    /// Big-endian fields of a TZif file, checked against its length as they are read.
    private struct Reader {
        struct Header {
            var version: Int
            var utcCount: Int
            var standardCount: Int
            var leapCount: Int
            var timeCount: Int
            var typeCount: Int
            var characterCount: Int

            func blockSize(timeSize: Int) -> Int {
                timeCount * (timeSize + 1) + typeCount * 6 + characterCount + leapCount * (timeSize + 4) + standardCount + utcCount
            }
        }

        let bytes: [UInt8]
        var index = 0

        var remaining: Int { bytes.count - index }

        mutating func header() throws(ZoneInfoError) -> Header {
            guard remaining >= 44, bytes[index..<index + 4].elementsEqual("TZif".utf8) else { throw ZoneInfoError.unreadable("", "it is not a TZif file") }
            let versionByte = bytes[index + 4]
            let version = versionByte == 0 ? 1 : Int(versionByte) - Int(UInt8(ascii: "0"))
            guard (1...4).contains(version) else { throw ZoneInfoError.unreadable("", "it has an unknown TZif version") }
            try skip(20)
            var counts: [Int] = []
            for _ in 0..<6 {
                let count = Int(try int32())
                // The largest real file lists a few thousand; this bounds a hostile one.
                guard (0...100_000).contains(count) else { throw ZoneInfoError.unreadable("", "its counts are out of range") }
                counts.append(count)
            }
            return Header(
                version: version, utcCount: counts[0], standardCount: counts[1], leapCount: counts[2], timeCount: counts[3], typeCount: counts[4],
                characterCount: counts[5])
        }

        mutating func skip(_ count: Int) throws(ZoneInfoError) {
            guard count >= 0, remaining >= count else { throw ZoneInfoError.unreadable("", "it ends too early") }
            index += count
        }

        mutating func byte() throws(ZoneInfoError) -> UInt8 {
            try skip(1)
            return bytes[index - 1]
        }

        mutating func int32() throws(ZoneInfoError) -> Int32 {
            try skip(4)
            return bytes[index - 4..<index].reduce(0) { $0 << 8 | Int32($1) }
        }

        mutating func int64() throws(ZoneInfoError) -> Int64 {
            try skip(8)
            return bytes[index - 8..<index].reduce(0) { $0 << 8 | Int64($1) }
        }

        mutating func rest() -> ArraySlice<UInt8> {
            defer { index = bytes.count }
            return bytes[index...]
        }
    }
}

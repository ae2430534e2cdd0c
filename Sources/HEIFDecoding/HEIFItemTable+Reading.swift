/// Reading each of a HEIF's item boxes once into `HEIFItemTable`'s tables: every count a
/// box declares, and every entry found, is held against `HEIFItemTable.Limits` before the
/// entries are read, and every field is read within its box.
extension HEIFCanvasDescriptor.Reader {
    typealias Limits = HEIFItemTable.Limits

    /// The boxes of `meta` (after its full-box header), or nil when the file has no `meta`.
    func metaChildren() -> [Box]? {
        guard let meta = boxes(in: 0..<bytes.count).first(where: { $0.type == "meta" }),
            meta.body.lowerBound + 4 <= meta.body.upperBound
        else { return nil }
        return boxes(in: (meta.body.lowerBound + 4)..<meta.body.upperBound)
    }

    /// Every item's id and four-character type from `iinf` (`infe` versions 2 and 3; other
    /// boxes and versions count against the limit but have no type).
    func itemTable(_ iinf: Box) throws(HEIFError) -> [(id: Int, type: String)] {
        guard let version = byte(iinf.body.lowerBound) else { return [] }
        let countSize = version == 0 ? 2 : 4
        if let declared = uint(iinf.body.lowerBound + 4, countSize), declared > Limits.items {
            throw HEIFItemTable.over("items", count: declared, limit: Limits.items)
        }
        let start = iinf.body.lowerBound + 4 + countSize
        guard start <= iinf.body.upperBound else { return [] }
        let entries = boxes(in: start..<iinf.body.upperBound, limit: Limits.items + 1)
        guard entries.count <= Limits.items else { throw HEIFItemTable.over("items", count: nil, limit: Limits.items) }
        return entries.compactMap { infe in
            guard infe.type == "infe", let infeVersion = byte(infe.body.lowerBound), infeVersion >= 2 else { return nil }
            let idSize = infeVersion == 2 ? 2 : 4
            let at = infe.body.lowerBound + 4
            guard let id = uint(at, idSize), at + idSize + 6 <= infe.body.upperBound else { return nil }
            return (id, String(decoding: bytes[(at + idSize + 2)..<(at + idSize + 6)], as: UTF8.self))
        }
    }

    /// Each item's extents from `iloc`: in the file (construction method 0) or in `idat`
    /// (method 1). An item whose extents cannot all be followed, or that has none or more
    /// than libheif's 32, is left out; the walk stops where the box stops making sense.
    func extentTable(_ iloc: Box, idat: Box?) throws(HEIFError) -> [Int: [Range<Int>]] {
        var cursor = FieldCursor(reader: self, at: iloc.body.lowerBound, end: iloc.body.upperBound)
        guard let version = cursor.read(1), cursor.read(3) != nil, let sizes = cursor.read(1), let moreSizes = cursor.read(1)
        else { return [:] }
        let offsetSize = sizes >> 4
        let lengthSize = sizes & 15
        let baseSize = moreSizes >> 4
        let indexSize = version == 1 || version == 2 ? moreSizes & 15 : 0
        let idSize = version == 2 ? 4 : 2
        guard let count = cursor.read(idSize) else { return [:] }
        guard count <= Limits.items else { throw HEIFItemTable.over("item locations", count: count, limit: Limits.items) }
        var table: [Int: [Range<Int>]] = [:]
        for _ in 0..<count {
            guard let item = cursor.read(idSize) else { break }
            var method = 0
            if version == 1 || version == 2 {
                guard let field = cursor.read(2) else { break }
                method = field & 15
            }
            guard cursor.read(2) != nil, let base = cursor.read(baseSize), let extents = cursor.read(2) else { break }
            // libheif 1.15 refuses more than 32 extents per item; reading no more keeps the
            // walk linear even when every field has size 0.
            guard extents <= 32 else { break }
            var ranges: [Range<Int>] = []
            var followable = true
            for _ in 0..<extents {
                guard cursor.read(indexSize) != nil, let offset = cursor.read(offsetSize), let length = cursor.read(lengthSize) else {
                    return table
                }
                if let range = extent(offset: offset, length: length, base: base, method: method, idat: idat) {
                    ranges.append(range)
                } else {
                    followable = false
                }
            }
            if followable, !ranges.isEmpty, table[item] == nil { table[item] = ranges }
        }
        return table
    }

    /// One extent's bytes, or nil when it leaves the file or its construction method is
    /// neither 0 (the file) nor 1 (`idat`).
    private func extent(offset: Int, length: Int, base: Int, method: Int, idat: Box?) -> Range<Int>? {
        let start: Int
        switch method {
        case 0: start = base + offset
        case 1:
            guard let idat else { return nil }
            start = idat.body.lowerBound + base + offset
        default: return nil
        }
        let (end, overflow) = length == 0 ? (bytes.count, false) : start.addingReportingOverflow(length)
        guard !overflow, start >= 0, start <= end, end <= bytes.count else { return nil }
        return start..<end
    }

    /// The references of each type from each item, from `iref` (version 0: 16-bit ids, 1:
    /// 32-bit); several boxes of one type from one item add up, in order.
    func referenceTable(_ iref: Box) throws(HEIFError) -> [String: [Int: [Int]]] {
        guard let version = byte(iref.body.lowerBound), iref.body.lowerBound + 4 <= iref.body.upperBound else { return [:] }
        let idSize = version == 0 ? 2 : 4
        var table: [String: [Int: [Int]]] = [:]
        var total = 0
        // Each reference box counts as one reference at least, so empty ones are capped too.
        let found = boxes(in: (iref.body.lowerBound + 4)..<iref.body.upperBound, limit: Limits.references + 1)
        for reference in found {
            var cursor = FieldCursor(reader: self, at: reference.body.lowerBound, end: reference.body.upperBound)
            guard let from = cursor.read(idSize), let count = cursor.read(2) else { continue }
            total += max(count, 1)
            guard total <= Limits.references else { throw HEIFItemTable.over("references", count: nil, limit: Limits.references) }
            var targets = table[reference.type, default: [:]][from, default: []]
            if reference.type == "dimg", targets.count + count > Limits.tilesPerGrid {
                throw HEIFItemTable.over("tiles in the grid of item \(from)", count: targets.count + count, limit: Limits.tilesPerGrid)
            }
            for _ in 0..<count {
                guard let to = cursor.read(idSize) else { break }
                targets.append(to)
            }
            table[reference.type, default: [:]][from] = targets
        }
        return table
    }

    /// The property boxes of `iprp`'s `ipco`, in order (`ipma` indexes them from 1).
    func propertyTable(_ iprp: Box) throws(HEIFError) -> [Box] {
        guard let ipco = boxes(in: iprp.body).first(where: { $0.type == "ipco" }) else { return [] }
        let properties = boxes(in: ipco.body, limit: Limits.properties + 1)
        guard properties.count <= Limits.properties else {
            throw HEIFItemTable.over("properties", count: nil, limit: Limits.properties)
        }
        return properties
    }

    /// Each item's associated property indices (1-based into `propertyTable`) from
    /// `iprp`'s `ipma` boxes.
    func associationTable(_ iprp: Box) throws(HEIFError) -> [Int: [Int]] {
        var table: [Int: [Int]] = [:]
        var entries = 0
        var total = 0
        for ipma in boxes(in: iprp.body) where ipma.type == "ipma" {
            var cursor = FieldCursor(reader: self, at: ipma.body.lowerBound, end: ipma.body.upperBound)
            guard let version = cursor.read(1), let flags = cursor.read(3), let count = cursor.read(4) else { continue }
            entries += count
            guard entries <= Limits.items else { throw HEIFItemTable.over("items with properties", count: entries, limit: Limits.items) }
            let idSize = version < 1 ? 2 : 4
            let indexSize = flags & 1 == 0 ? 1 : 2
            for _ in 0..<count {
                guard let item = cursor.read(idSize), let associations = cursor.read(1) else { break }
                total += associations
                guard total <= Limits.associations else {
                    throw HEIFItemTable.over("property associations", count: nil, limit: Limits.associations)
                }
                for _ in 0..<associations {
                    guard let value = cursor.read(indexSize) else { break }
                    let index = value & (indexSize == 1 ? 0x7F : 0x7FFF)  // the top bit says "essential"
                    if index > 0 { table[item, default: []].append(index) }
                }
            }
        }
        return table
    }

    /// The width and height an `ispe` property box declares.
    func imageSize(_ ispe: Box) -> (width: Int, height: Int)? {
        guard let width = uint(ispe.body.lowerBound + 4, 4), let height = uint(ispe.body.lowerBound + 8, 4),
            ispe.body.lowerBound + 12 <= ispe.body.upperBound
        else { return nil }
        return (width, height)
    }

    /// The bytes of `range` as an array slice (for the codec header parsers).
    func slice(_ range: Range<Int>) -> ArraySlice<UInt8> {
        ArraySlice(bytes[max(0, range.lowerBound)..<min(bytes.count, range.upperBound)])
    }

    /// Big-endian fields read one after another within one box.
    struct FieldCursor {
        let reader: HEIFCanvasDescriptor.Reader
        var at: Int
        let end: Int

        /// The next `size`-byte field (0 reads nothing and gives 0), or nil past the box's end.
        mutating func read(_ size: Int) -> Int? {
            guard at + size <= end, let value = reader.uint(at, size) else { return nil }
            at += size
            return value
        }
    }
}

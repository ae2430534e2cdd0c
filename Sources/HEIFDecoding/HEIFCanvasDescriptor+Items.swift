/// Reading a HEIF's item table: which items there are, which properties (`ipco` boxes,
/// associated through `ipma`) each has, and which items an item references (`iref`).
/// What `HEIFCodedSizeCheck` needs to compare every coded picture with its `ispe`.
extension HEIFCanvasDescriptor.Reader {
    /// The boxes of `meta` (after its full-box header), or nil when the file has no `meta`.
    func metaChildren() -> [Box]? {
        guard let meta = boxes(in: 0..<bytes.count).first(where: { $0.type == "meta" }),
            meta.body.lowerBound + 4 <= meta.body.upperBound
        else { return nil }
        return boxes(in: (meta.body.lowerBound + 4)..<meta.body.upperBound)
    }

    /// Every item's id and four-character type from `iinf` (`infe` versions 2 and 3).
    func items(in iinf: Box) -> [(id: Int, type: String)] {
        guard let version = byte(iinf.body.lowerBound) else { return [] }
        let start = iinf.body.lowerBound + 4 + (version == 0 ? 2 : 4)
        guard start <= iinf.body.upperBound else { return [] }
        return boxes(in: start..<iinf.body.upperBound).compactMap { infe in
            guard infe.type == "infe", let infeVersion = byte(infe.body.lowerBound), infeVersion >= 2 else { return nil }
            let idSize = infeVersion == 2 ? 2 : 4
            let at = infe.body.lowerBound + 4
            guard let id = uint(at, idSize), at + idSize + 6 <= infe.body.upperBound else { return nil }
            return (id, String(decoding: bytes[(at + idSize + 2)..<(at + idSize + 6)], as: UTF8.self))
        }
    }

    /// The property boxes of `iprp`'s `ipco`, in order (`ipma` indexes them from 1).
    func properties(in iprp: Box) -> [Box] {
        guard let ipco = boxes(in: iprp.body).first(where: { $0.type == "ipco" }) else { return [] }
        return boxes(in: ipco.body)
    }

    /// Each item's associated property indices (1-based into `properties`) from `iprp`'s
    /// `ipma` boxes.
    func associations(in iprp: Box) -> [Int: [Int]] {
        var result: [Int: [Int]] = [:]
        for ipma in boxes(in: iprp.body) where ipma.type == "ipma" {
            guard let version = byte(ipma.body.lowerBound), let flags = uint(ipma.body.lowerBound + 1, 3),
                let count = uint(ipma.body.lowerBound + 4, 4)
            else { continue }
            let idSize = version < 1 ? 2 : 4
            let indexSize = flags & 1 == 0 ? 1 : 2
            var at = ipma.body.lowerBound + 8
            for _ in 0..<min(count, 65_536) {
                guard let item = uint(at, idSize), let associations = byte(at + idSize) else { break }
                at += idSize + 1
                for _ in 0..<Int(associations) {
                    guard let value = uint(at, indexSize), at + indexSize <= ipma.body.upperBound else { break }
                    at += indexSize
                    let index = value & (indexSize == 1 ? 0x7F : 0x7FFF)  // the top bit says "essential"
                    if index > 0 { result[item, default: []].append(index) }
                }
            }
        }
        return result
    }

    /// The items `from` references with references of `type` (`dimg`: a grid's tiles in
    /// order), from `iref` (version 0: 16-bit ids, 1: 32-bit).
    func references(_ type: String, from item: Int, in iref: Box) -> [Int] {
        guard let version = byte(iref.body.lowerBound), iref.body.lowerBound + 4 <= iref.body.upperBound else { return [] }
        let idSize = version == 0 ? 2 : 4
        var found: [Int] = []
        for reference in boxes(in: (iref.body.lowerBound + 4)..<iref.body.upperBound) where reference.type == type {
            guard let from = uint(reference.body.lowerBound, idSize), from == item,
                let count = uint(reference.body.lowerBound + idSize, 2)
            else { continue }
            for index in 0..<count {
                guard let to = uint(reference.body.lowerBound + idSize + 2 + index * idSize, idSize),
                    reference.body.lowerBound + idSize + 2 + (index + 1) * idSize <= reference.body.upperBound
                else { break }
                found.append(to)
            }
        }
        return found
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
}

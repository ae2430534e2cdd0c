/// Writes HEIF/AVIF files box by box (ISO/IEC 23008-12), for tests of what a file's item
/// tables may hold: issue 45's grids of thousands of tiles, and files over each of
/// `HEIFItemTable.Limits`, are generated here rather than committed.
///
/// The layout is the usual one: `ftyp`, then `meta` (`hdlr`, `pitm`, `iloc` version 0 with
/// 32-bit offsets and lengths, `iinf` of `infe` version 2, `iref`, `iprp` with `ipco` and
/// one `ipma`), then `mdat` holding every item's data in order.
package struct HEIFBuilder {
    /// Where an item's one extent lies.
    package enum Location {
        /// Its own bytes in `mdat`.
        case own([UInt8])
        /// The same extent as the item with this id, listed before it (items sharing data).
        case sameAs(Int)
    }

    package struct Item {
        package var id: Int
        package var type: String
        package var hidden: Bool
        package var location: Location
        /// 1-based indices into `properties`; codec configurations (`av1C`, `hvcC`) are
        /// marked essential.
        package var properties: [Int]

        package init(id: Int, type: String, hidden: Bool = false, location: Location, properties: [Int]) {
            self.id = id
            self.type = type
            self.hidden = hidden
            self.location = location
            self.properties = properties
        }
    }

    /// The `ftyp` major brand, also listed among the compatible ones with `mif1` and `miaf`.
    package var brand = "avif"
    package var primary = 1
    package var items: [Item] = []
    /// Whole property boxes, in `ipco` order.
    package var properties: [[UInt8]] = []
    package var references: [(type: String, from: Int, to: [Int])] = []
    /// The `hdlr` box's handler type (libheif refuses a file whose handler is not `pict`).
    package var handler = "pict"
    /// `iloc` entries for item ids that have no `infe` (from 60000 up), each locating nothing.
    package var extraLocations = 0
    /// `ipma` entries for item ids that have no `infe` (from 60000 up), each with no property.
    package var extraAssociations = 0

    package init() {}

    /// The AV1 data (temporal delimiter, sequence header and frame OBUs) of one 128 × 128
    /// key frame, as `heif-enc --avif -q 30` (libheif-examples 1.15.1 with libaom 3.6) wrote
    /// it for a 128 × 128 picture of a horizontal and vertical ramp; its sequence header says
    /// 128 × 128, so a tile made of it passes the coded-size check. `Benchmarks/hostile_grid.py`
    /// writes the same bytes.
    package static let av1Tile: [UInt8] = hex(
        "12000a091819bfff6081010342327012c0069a69a100bf5cd65449c91e4be209de1887e92a309ebb"
            + "bd47a2321482f70a0174ed7b8fc37112d1fb21fe4d8f099751dcb14b50f6d40b9026579a2427e6dd"
            + "1ebb3d91b7c22e2223d564e1059018632722e7c5023ebb773dab3d0e8210416460f12f9198000bad"
            + "e3e7f79eb232a8")
    /// The tile's `av1C` body: version 1, profile 0, level 0, 8-bit 4:2:0, no config OBUs.
    package static let av1Config: [UInt8] = [0x81, 0x00, 0x0C, 0x00]
    package static let tileSize = 128

    /// A primary `grid` (item 1) of `columns × rows` hidden AV1 tiles (items 2…), sharing
    /// one `av1C`, one `ispe` and one `pixi`; each tile has its own copy of `av1Tile`, or
    /// with `sharingOneFrame` all point at the first one's. Issue 45's attack is
    /// `grid(columns: 134, rows: 134, sharingOneFrame: true)`: 17,957 items in 773 KB,
    /// which cost libheif 1.15 and the old walk about 28 s of CPU.
    package static func grid(columns: Int, rows: Int, sharingOneFrame: Bool = false) -> HEIFBuilder {
        var builder = HEIFBuilder()
        builder.properties = [
            box("av1C", av1Config), fullBox("ispe", 0, 0, u32(tileSize) + u32(tileSize)),
            fullBox("ispe", 0, 0, u32(columns * tileSize) + u32(rows * tileSize)), fullBox("pixi", 0, 0, [3, 8, 8, 8]),
        ]
        let descriptor: [UInt8] = [0, 0, UInt8(rows - 1), UInt8(columns - 1)] + u16(columns * tileSize) + u16(rows * tileSize)
        builder.items = [Item(id: 1, type: "grid", location: .own(descriptor), properties: [3, 4])]
        let tiles = Array(2..<(2 + columns * rows))
        builder.items += tiles.map { tile in
            let location = sharingOneFrame && tile != tiles[0] ? Location.sameAs(tiles[0]) : .own(av1Tile)
            return Item(id: tile, type: "av01", hidden: true, location: location, properties: [1, 2, 4])
        }
        builder.references = [("dimg", 1, tiles)]
        return builder
    }

    /// The file.
    package func bytes() -> [UInt8] {
        let ftyp = Self.box("ftyp", Array(brand.utf8) + Self.u32(0) + Array(brand.utf8) + Array("mif1miaf".utf8))
        var payload: [UInt8] = []
        var spans: [(start: Int, length: Int)] = []
        var spanOf: [Int: (start: Int, length: Int)] = [:]
        for item in items {
            switch item.location {
            case .own(let data):
                spans.append((payload.count, data.count))
                payload += data
            case .sameAs(let other):
                spans.append(spanOf[other] ?? (0, 0))
            }
            spanOf[item.id] = spans.last
        }
        // The offsets depend on meta's size, which does not depend on their values.
        let dataStart = ftyp.count + meta(spans: spans, dataStart: 0).count + 8
        return ftyp + meta(spans: spans, dataStart: dataStart) + Self.box("mdat", payload)
    }

    private func meta(spans: [(start: Int, length: Int)], dataStart: Int) -> [UInt8] {
        var boxes: [UInt8] = []
        boxes += Self.fullBox("hdlr", 0, 0, Self.u32(0) + Array(handler.utf8) + [UInt8](repeating: 0, count: 13))
        boxes += Self.fullBox("pitm", 0, 0, Self.u16(primary))
        var locations: [UInt8] = []
        for (item, span) in zip(items, spans) {
            locations += Self.u16(item.id) + Self.u16(0) + Self.u16(1) + Self.u32(dataStart + span.start) + Self.u32(span.length)
        }
        for extra in 0..<extraLocations { locations += Self.u16(60_000 + extra) + Self.u16(0) + Self.u16(0) }
        boxes += Self.fullBox("iloc", 0, 0, [0x44, 0x00] + Self.u16(items.count + extraLocations) + locations)
        let entries = items.map { Self.fullBox("infe", 2, $0.hidden ? 1 : 0, Self.u16($0.id) + Self.u16(0) + Array($0.type.utf8) + [0]) }
        boxes += Self.fullBox("iinf", 0, 0, Self.u16(items.count) + entries.flatMap { $0 })
        if !references.isEmpty {
            let boxes16 = references.map { Self.box($0.type, Self.u16($0.from) + Self.u16($0.to.count) + $0.to.flatMap(Self.u16)) }
            boxes += Self.fullBox("iref", 0, 0, boxes16.flatMap { $0 })
        }
        // 7-bit property indices while they fit, 15-bit beyond.
        let wide = properties.count > 127
        var associations: [UInt8] = []
        for item in items {
            associations += Self.u16(item.id) + [UInt8(item.properties.count)]
            for index in item.properties {
                let type = properties.indices.contains(index - 1) ? String(decoding: properties[index - 1].dropFirst(4).prefix(4), as: UTF8.self) : ""
                let essential = type == "av1C" || type == "hvcC" ? (wide ? 0x8000 : 0x80) : 0
                associations += wide ? Self.u16(index | essential) : [UInt8(index | essential)]
            }
        }
        for extra in 0..<extraAssociations { associations += Self.u16(60_000 + extra) + [0] }
        let ipma = Self.fullBox("ipma", 0, wide ? 1 : 0, Self.u32(items.count + extraAssociations) + associations)
        boxes += Self.box("iprp", Self.box("ipco", properties.flatMap { $0 }) + ipma)
        return Self.fullBox("meta", 0, 0, boxes)
    }

    package static func box(_ type: String, _ body: [UInt8]) -> [UInt8] { u32(8 + body.count) + Array(type.utf8) + body }

    package static func fullBox(_ type: String, _ version: UInt8, _ flags: Int, _ body: [UInt8]) -> [UInt8] {
        box(type, [version] + Array(u32(flags).dropFirst()) + body)
    }

    package static func u16(_ value: Int) -> [UInt8] { [UInt8(truncatingIfNeeded: value >> 8), UInt8(truncatingIfNeeded: value)] }
    package static func u32(_ value: Int) -> [UInt8] { [24, 16, 8, 0].map { UInt8(truncatingIfNeeded: value >> $0) } }

    private static func hex(_ text: String) -> [UInt8] {
        var bytes: [UInt8] = []
        var digits = text.utf8.makeIterator()
        while let high = digits.next(), let low = digits.next() {
            bytes.append(UInt8(String(decoding: [high, low], as: UTF8.self), radix: 16)!)
        }
        return bytes
    }
}

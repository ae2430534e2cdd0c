import ImageTestKit
import TestKit
import Testing

@testable import HEIFDecoding

/// Issue 45: an 800 KB AVIF grid of thousands of 128 × 128 tiles cost about 30 s of CPU in
/// libheif's parse and in this target's own per-item walk of `iloc` and `iref`, both
/// quadratic in the item count. The items, tiles, references and properties are now
/// counted in one linear walk (`HEIFItemTable`) and a file over `HEIFItemTable.Limits` is
/// refused before libheif is called. Work is measured by counting reads, never by time.
@Suite struct ItemLimitTests {
    typealias Limits = HEIFItemTable.Limits

    /// The detail of a `.tooComplex` refusal.
    static func refusal(_ error: any Error) -> String? {
        guard case .tooComplex(let detail) = error as? HEIFError else { return nil }
        return detail
    }

    /// Expects `inspect` to refuse `builder`'s file as too complex with `detail`.
    static func expectRefused(_ builder: HEIFBuilder, _ detail: String, sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(sourceLocation: sourceLocation) {
            try HEIFDecoder.inspect(builder.bytes())
        } throws: { error in
            refusal(error) == detail
        }
    }

    /// The issue's file: 134 × 134 tiles sharing one frame (17,957 items, 773 KB).
    @Test func theIssuesGridOfThousandsOfTilesIsRefusedByTheBoxWalk() throws {
        let hostile = HEIFBuilder.grid(columns: 134, rows: 134, sharingOneFrame: true).bytes()
        #expect(hostile.count > 700_000)
        for attempt in [{ _ = try HEIFDecoder.inspect(hostile) }, { _ = try HEIFDecoder.decode(hostile, maxPixels: 100_000_000) }] {
            #expect {
                try attempt()
            } throws: { error in
                Self.refusal(error) == "17957 items, more than 1024"
            }
        }
    }

    /// Refused before libheif sees the file: with a handler other than `pict`, libheif
    /// refuses a small grid as corrupt, but the large one is refused by the count, which
    /// comes first.
    @Test func theCountComesBeforeLibheifsParse() throws {
        var small = HEIFBuilder.grid(columns: 2, rows: 2)
        small.handler = "vide"
        #expect {
            try HEIFDecoder.inspect(small.bytes())
        } throws: { error in
            guard case .corrupt(let failure) = error as? HEIFError else { return false }
            return failure.message.contains("Not a 'pict' handler")
        }
        var large = HEIFBuilder.grid(columns: 40, rows: 40)
        large.handler = "vide"
        Self.expectRefused(large, "1601 items, more than 1024")
    }

    /// The most a photo may have still reads, and reading its tables, its canvas and every
    /// coded picture's size takes a number of reads proportional to its items (the walk
    /// before issue 45 read `iloc` from its start again for every item: hundreds of
    /// thousands of reads for this file).
    @Test func aGridAtTheLimitIsReadWithWorkLinearInItsItems() throws {
        let bytes = HEIFBuilder.grid(columns: 32, rows: 31).bytes()
        let info = try HEIFDecoder.inspect(bytes)
        #expect((info.width, info.height) == (32 * 128, 31 * 128))
        for (columns, rows) in [(32, 31), (8, 8)] {
            let items = columns * rows + 1
            let tally = HEIFCanvasDescriptor.Reader.Tally()
            try HEIFBuilder.grid(columns: columns, rows: rows).bytes().withUnsafeBufferPointer { buffer in
                let table = try #require(try HEIFItemTable.read(buffer, tally: tally))
                #expect(table.items.count == items)
                #expect(HEIFCanvasDescriptor.ofPrimaryItem(in: table)?.width == columns * 128)
                try HEIFCodedSizeCheck.check(table)
            }
            #expect(tally.reads <= 48 * items, "\(tally.reads) reads for \(items) items")
        }
    }

    @Test func aGridOfMoreTilesThanAGridMayHaveIsRefused() throws {
        // Two items only: the grid names its one tile 1,100 times.
        var builder = HEIFBuilder.grid(columns: 1, rows: 1)
        builder.references = [("dimg", 1, [Int](repeating: 2, count: 1_100))]
        Self.expectRefused(builder, "1100 tiles in the grid of item 1, more than 1024")
    }

    @Test func moreReferencesThanAPhotoHasAreRefused() throws {
        // The primary grid of 100 tiles and two hidden grids of 40 × 25 tiles, each naming
        // the first tile 1,000 times: no grid over its limit, 2,100 references in all.
        var builder = HEIFBuilder.grid(columns: 10, rows: 10)
        builder.properties.append(HEIFBuilder.fullBox("ispe", 0, 0, HEIFBuilder.u32(40 * 128) + HEIFBuilder.u32(25 * 128)))
        for id in [1_001, 1_002] {
            let descriptor = [0, 0, 24, 39] + HEIFBuilder.u16(40 * 128) + HEIFBuilder.u16(25 * 128)
            builder.items.append(.init(id: id, type: "grid", hidden: true, location: .own(descriptor), properties: [5]))
            builder.references.append(("dimg", id, [Int](repeating: 2, count: 1_000)))
        }
        Self.expectRefused(builder, "more than 2048 references")
    }

    @Test func moreItemLocationsThanItemsAPhotoHasAreRefused() throws {
        var builder = HEIFBuilder.grid(columns: 2, rows: 2)
        builder.extraLocations = Limits.items
        Self.expectRefused(builder, "1029 item locations, more than 1024")
    }

    @Test func morePropertyEntriesThanItemsAPhotoHasAreRefused() throws {
        var builder = HEIFBuilder.grid(columns: 2, rows: 2)
        builder.extraAssociations = Limits.items
        Self.expectRefused(builder, "1029 items with properties, more than 1024")
    }

    @Test func morePropertiesThanAPhotoHasAreRefused() throws {
        var builder = HEIFBuilder.grid(columns: 2, rows: 2)
        builder.properties += [[UInt8]](repeating: HEIFBuilder.fullBox("pixi", 0, 0, [3, 8, 8, 8]), count: Limits.properties)
        Self.expectRefused(builder, "more than 4096 properties")
    }

    @Test func morePropertyAssociationsThanAPhotoHasAreRefused() throws {
        // 512 tiles, each associated with its three properties and 30 more `pixi`s.
        var builder = HEIFBuilder.grid(columns: 32, rows: 16)
        builder.properties += [[UInt8]](repeating: HEIFBuilder.fullBox("pixi", 0, 0, [3, 8, 8, 8]), count: 30)
        for index in builder.items.indices.dropFirst() { builder.items[index].properties += Array(5..<35) }
        Self.expectRefused(builder, "more than 16384 property associations")
    }

    /// 64 tiles whose one extent each is the same 64 tiles' worth of AV1 (a valid stream of
    /// 128 × 128 frames): the data would be scanned 64 times over.
    @Test func codedDataReadOverAndOverIsRefused() throws {
        var builder = HEIFBuilder.grid(columns: 8, rows: 8)
        builder.items[1].location = .own(Array([[UInt8]](repeating: HEIFBuilder.av1Tile, count: 64).joined()))
        for index in builder.items.indices.dropFirst(2) { builder.items[index].location = .sameAs(2) }
        Self.expectRefused(builder, "its coded items' data adds up to more than \(2 * builder.bytes().count) bytes, twice the file")
    }
}

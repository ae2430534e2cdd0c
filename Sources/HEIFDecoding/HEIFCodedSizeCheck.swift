/// Compares every coded picture in a HEIF with the size its `ispe` declares, from the boxes
/// and the codec headers alone, before libheif decodes anything.
///
/// Why: the pipeline's pixel limit and memory estimate are taken from `ispe`, but the
/// decoder allocates what the codec's own header says. A 1,732-byte AVIF whose `ispe` said
/// 64 × 64 carried a 12000 × 12000 AV1 sequence and took 1.8 GB to decode before anything
/// noticed; a HEIC built the same way (a 7000 × 7000 SPS) took 598 MB (issue 21). So
/// nothing is decoded unless, for every item coded as AV1 (`av1C`) or HEVC (`hvcC`):
/// - it has an `ispe`;
/// - every AV1 sequence header (in `av1C`'s configOBUs and among the item's own OBUs)
///   allows frames no larger than the `ispe` rounded up to a multiple of 64, and every
///   HEVC SPS (in `hvcC`'s arrays and among the item's NAL units) codes a picture no larger
///   than that, and crops to no more than the `ispe` (encoders pad to whole coding blocks
///   and crop back, so the padding is allowed, never a larger picture);
/// - a `grid`'s tiles, `ispe` size × rows and columns, cover its output and overshoot it by
///   less than one tile (libheif allocates each tile at the tile's size);
/// - no picture decoded along with the primary image (its tiles, its auxiliary images such
///   as alpha, and their tiles) is larger than the primary's `ispe` (rounded up to 64): the
///   pixel limit and the memory estimate are taken from the primary alone, so this is what
///   bounds every decoder allocation by them, whatever the other items claim.
/// A file whose boxes or codec headers cannot be followed is refused too: the decoder would
/// read them differently from this check.
enum HEIFCodedSizeCheck {
    /// The rounding allowed between an `ispe` and the coded size (the largest HEVC coding
    /// tree block and AV1 superblock is 64 × 64).
    static let blockSize = 64

    /// Throws `.sizeMismatch` naming the first item whose coded size disagrees with its
    /// `ispe`. Files without `iprp`/`iinf` are left to libheif (which refuses them).
    ///
    /// Every lookup goes through `table`, so the work is linear in the boxes; the coded
    /// items' data is scanned once per item, and throws `.tooComplex` when those scans
    /// would add up to more than twice the file (`maxScannedBytes`).
    static func check(_ table: HEIFItemTable) throws(HEIFError) {
        let reader = table.reader
        guard table.child("iprp") != nil, table.child("iinf") != nil else { return }
        try checkScannedBytes(table)
        try checkDecodedWithPrimary(table)
        for (id, type) in table.items {
            let av1C = table.property("av1C", of: id)
            let hvcC = table.property("hvcC", of: id)
            if type == "grid", table.child("iref") != nil {
                try checkGrid(id, table: table)
            }
            guard av1C != nil || hvcC != nil else { continue }
            guard let size = table.declaredSize(of: id) else { throw mismatch("item \(id) (\(type)) has no ispe to check its picture against") }
            let extents = table.extents[id] ?? []
            let coded: [CodedSize]
            // One extent (the usual case) is read in place; several are joined first.
            if extents.count == 1 {
                coded = try codedSizes(av1C: av1C, hvcC: hvcC, data: reader.bytes[extents[0]], item: id, reader: reader)
            } else {
                coded = try codedSizes(av1C: av1C, hvcC: hvcC, data: extents.flatMap { reader.bytes[$0] }, item: id, reader: reader)
            }
            for picture in coded {
                let limit = (width: roundUp(size.width), height: roundUp(size.height))
                guard picture.coded.width <= limit.width, picture.coded.height <= limit.height,
                    picture.cropped.width <= size.width, picture.cropped.height <= size.height
                else {
                    throw mismatch(
                        "the \(picture.source) of item \(id) makes a \(picture.cropped.width) × \(picture.cropped.height) picture, its ispe says \(size.width) × \(size.height)"
                    )
                }
            }
        }
    }

    /// How many bytes of coded item data the check may scan, for a file of `length` bytes.
    ///
    /// A camera stores each item's data once, so its coded items' data adds up to less than
    /// the file; twice the file leaves room for a writer that shares some data between
    /// items. Without the bound, a thousand items whose extents all cover the same
    /// megabytes of tiny OBUs or NAL units would be walked a thousand times.
    static func maxScannedBytes(forFileOf length: Int) -> Int { 2 * length }

    /// Refuses a file whose coded items' extents add up to more than `maxScannedBytes`.
    private static func checkScannedBytes(_ table: HEIFItemTable) throws(HEIFError) {
        let limit = maxScannedBytes(forFileOf: table.reader.bytes.count)
        var total = 0
        for (id, _) in table.items where table.property("av1C", of: id) != nil || table.property("hvcC", of: id) != nil {
            total += table.extents[id]?.reduce(0) { $0 + $1.count } ?? 0
            guard total <= limit else {
                throw .tooComplex("its coded items' data adds up to more than \(limit) bytes, twice the file")
            }
        }
    }

    /// A coded picture's size as the decoder allocates it and after cropping, and where it came from.
    struct CodedSize {
        let source: String
        let coded: (width: Int, height: Int)
        let cropped: (width: Int, height: Int)
    }

    /// The coded sizes from the item's codec configuration and its data.
    private static func codedSizes<Data: RandomAccessCollection<UInt8>>(
        av1C: HEIFCanvasDescriptor.Reader.Box?, hvcC: HEIFCanvasDescriptor.Reader.Box?, data: Data, item: Int,
        reader: HEIFCanvasDescriptor.Reader
    ) throws(HEIFError) -> [CodedSize] where Data.Index == Int {
        if let av1C { return try av1Sizes(config: reader.slice(av1C.body), data: data, item: item) }
        if let hvcC { return try hevcSizes(config: reader.slice(hvcC.body), data: data, item: item) }
        return []
    }

    /// The sequence headers in `av1C` (after its four fixed bytes) and in the item's OBUs.
    private static func av1Sizes<Data: RandomAccessCollection<UInt8>>(
        config: ArraySlice<UInt8>, data: Data, item: Int
    ) throws(HEIFError) -> [CodedSize] where Data.Index == Int {
        let inConfig = AV1SequenceHeader.all(inOBUs: config.dropFirst(4))
        let inData = AV1SequenceHeader.all(inOBUs: data)
        guard config.count >= 4, inConfig.complete, inData.complete else {
            throw mismatch("the AV1 data of item \(item) cannot be followed to check its size")
        }
        return (inConfig.headers + inData.headers).map {
            let size = (width: $0.maxFrameWidth, height: $0.maxFrameHeight)
            return CodedSize(source: "AV1 sequence header", coded: size, cropped: size)
        }
    }

    /// The SPS NAL units in `hvcC`'s arrays and among the item's length-prefixed NAL units.
    private static func hevcSizes<Data: RandomAccessCollection<UInt8>>(
        config: ArraySlice<UInt8>, data: Data, item: Int
    ) throws(HEIFError) -> [CodedSize] where Data.Index == Int {
        let failure = mismatch("the HEVC data of item \(item) cannot be followed to check its size")
        guard config.count >= 23 else { throw failure }
        let base = config.startIndex
        let lengthSize = Int(config[base + 21] & 3) + 1
        var nals: [ArraySlice<UInt8>] = []
        var at = base + 23
        for _ in 0..<Int(config[base + 22]) {
            guard at + 3 <= config.endIndex else { throw failure }
            let count = Int(config[at + 1]) << 8 | Int(config[at + 2])
            at += 3
            for _ in 0..<count {
                guard at + 2 <= config.endIndex else { throw failure }
                let length = Int(config[at]) << 8 | Int(config[at + 1])
                guard at + 2 + length <= config.endIndex else { throw failure }
                nals.append(config[(at + 2)..<(at + 2 + length)])
                at += 2 + length
            }
        }
        at = data.startIndex
        while at < data.endIndex {
            guard at + lengthSize <= data.endIndex else { throw failure }
            let length = data[at..<(at + lengthSize)].reduce(0) { $0 << 8 | Int($1) }
            at += lengthSize
            guard length <= data.endIndex - at else { throw failure }
            // Only an SPS is read, so only an SPS is copied (a slice NAL is most of the file).
            if length >= 2, Int(data[at] >> 1) & 0x3F == HEVCSequenceParameterSet.nalType {
                nals.append(ArraySlice(data[at..<(at + length)]))
            }
            at += length
        }
        var sizes: [CodedSize] = []
        for nal in nals where nal.count >= 2 && Int(nal[nal.startIndex] >> 1) & 0x3F == HEVCSequenceParameterSet.nalType {
            guard let sps = HEVCSequenceParameterSet(nal: nal) else { throw failure }
            sizes.append(
                CodedSize(
                    source: "HEVC SPS", coded: (sps.codedWidth, sps.codedHeight), cropped: (sps.croppedWidth, sps.croppedHeight)))
        }
        return sizes
    }

    /// A grid's tiles (`ispe` of the first, as libheif takes it, and every tile's equal to
    /// it) against its rows, columns and output size.
    private static func checkGrid(_ id: Int, table: HEIFItemTable) throws(HEIFError) {
        let reader = table.reader
        let tiles = table.references("dimg", from: id)
        guard let data = table.extents[id]?.first, reader.byte(data.lowerBound) == 0,
            let flags = reader.byte(data.lowerBound + 1), let rows = reader.byte(data.lowerBound + 2),
            let columns = reader.byte(data.lowerBound + 3)
        else { throw mismatch("the grid of item \(id) cannot be read to check its tiles") }
        let size = flags & 1 == 0 ? 2 : 4
        guard let width = reader.uint(data.lowerBound + 4, size), let height = reader.uint(data.lowerBound + 4 + size, size),
            let first = tiles.first, let tile = table.declaredSize(of: first), tile.width > 0, tile.height > 0
        else { throw mismatch("the grid of item \(id) cannot be read to check its tiles") }
        let covered = (width: (Int(columns) + 1) * tile.width, height: (Int(rows) + 1) * tile.height)
        guard covered.width >= width, covered.height >= height, covered.width - width < tile.width,
            covered.height - height < tile.height
        else {
            throw mismatch(
                "the grid of item \(id) is \(width) × \(height), but its \(Int(rows) + 1) × \(Int(columns) + 1) tiles of \(tile.width) × \(tile.height) cover \(covered.width) × \(covered.height)"
            )
        }
        for other in tiles.dropFirst() {
            guard let size = table.declaredSize(of: other), size == tile else {
                throw mismatch("tile \(other) of the grid of item \(id) is not the size of its first tile")
            }
        }
    }

    /// The primary's tiles and auxiliary images (and theirs) fit within the primary's size.
    private static func checkDecodedWithPrimary(_ table: HEIFItemTable) throws(HEIFError) {
        guard let primary = table.primary, let size = table.declaredSize(of: primary) else { return }
        // The items whose `auxl` references name the primary, from one pass over them.
        let auxiliaries = (table.references["auxl"] ?? [:]).filter { $0.value.contains(primary) }.keys.sorted()
        let limit = (width: roundUp(size.width), height: roundUp(size.height))
        let decoded = table.references("dimg", from: primary) + auxiliaries + auxiliaries.flatMap { table.references("dimg", from: $0) }
        for item in decoded {
            guard let other = table.declaredSize(of: item) else { continue }
            guard other.width <= limit.width, other.height <= limit.height else {
                throw mismatch(
                    "item \(item), decoded with the primary image, is \(other.width) × \(other.height), larger than the primary's \(size.width) × \(size.height)"
                )
            }
        }
    }

    private static func roundUp(_ value: Int) -> Int { (value + blockSize - 1) / blockSize * blockSize }

    private static func mismatch(_ detail: String) -> HEIFError { .sizeMismatch(detail) }
}

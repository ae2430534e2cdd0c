/// A HEIF's item tables (`pitm`, `iinf`, `iloc`, `iref`, and `iprp`'s `ipco` and `ipma`),
/// each box walked once into lookup tables, with their sizes capped (`Limits`) before
/// libheif sees the file.
///
/// Why (issue 45): libheif 1.15 and this target's own checks, which used to walk `iloc` and
/// `iref` again for every item, took time quadratic in the number of items. An 800 KB AVIF
/// grid of 17,956 tiles of 128 × 128 cost about 30 s of CPU in the photo-size estimate
/// before a pixel was decoded, and one account's few such files held every other account's
/// photos for minutes. Now `HEIFCanvasDescriptor` and `HEIFCodedSizeCheck` look items up
/// here (work linear in the boxes), and a file over the limits is refused
/// (`HEIFError.tooComplex`) by `read` before libheif is called, so what libheif's own
/// parse can cost is bounded by what a file within them costs.
///
/// The walk is lenient where libheif is the judge: a structure it cannot follow ends that
/// table early (libheif then refuses or reads the file as it always did), but every count
/// a box declares, and every entry found, is held against the limits first.
struct HEIFItemTable {
    typealias Reader = HEIFCanvasDescriptor.Reader
    typealias Box = Reader.Box

    /// The caps, each far above what a camera writes.
    ///
    /// A phone's HEIC is a grid of 512 × 512 HEVC tiles plus a few more items: an iPhone's
    /// 48-megapixel photo (8064 × 6048) has 16 × 12 = 192 tiles, its HDR gain map a smaller
    /// grid of its own, a thumbnail, Exif and XMP, a portrait photo a depth map and mattes:
    /// a few hundred items and about as many references, with its tiles sharing one `hvcC`
    /// and one `ispe`, so a few dozen properties with two or three associations per item.
    /// A 12-megapixel photo has about 60 items; a photo at the server's default pixel limit
    /// (100 megapixels) has 400 tiles of 512 × 512. The project's own HEIC and AVIF
    /// fixtures (`Tests/HEIFDecodingTests/Resources`, `Tests/PhotoPipelineTests/Resources`)
    /// have 1 to 3 items, at most 2 references and 3 to 8 properties.
    ///
    /// What the limits allow still costs little: libheif 1.15 parses a grid of 1,024 tiles
    /// (the item limit) in about 0.5 s of CPU on the 2-core EPYC the benchmarks run on, the
    /// walk here is linear, and the estimate child's own deadline is well above that.
    enum Limits {
        /// Items in `iinf` (declared or found), `iloc` and `ipma`: four times a 48 MP
        /// iPhone photo with its gain map.
        static let items = 1_024
        /// Tiles (`dimg` references) of one grid: 2.5 times the default 100-megapixel
        /// limit in 512 × 512 tiles.
        static let tilesPerGrid = 1_024
        /// References of every kind in `iref` together: tiles plus a few per item for
        /// thumbnails (`thmb`), metadata (`cdsc`), auxiliary images (`auxl`) and gain maps.
        static let references = 2_048
        /// Property boxes in `ipco`: four per item, for a writer that shares none.
        static let properties = 4_096
        /// Property associations in `ipma` together: sixteen per item.
        static let associations = 16_384
    }

    let reader: Reader
    /// The boxes of `meta`.
    let children: [Box]
    /// The primary item (`pitm`), when it can be read.
    let primary: Int?
    /// Every item's id and four-character type from `iinf` (`infe` versions 2 and 3), in order.
    let items: [(id: Int, type: String)]
    /// Each item's extents from `iloc`, for the items whose extents all lie in the file.
    let extents: [Int: [Range<Int>]]
    /// The references of each type (`dimg`, `auxl`, …) from each item, in order.
    let references: [String: [Int: [Int]]]
    /// The property boxes of `ipco`, in order (`ipma` indexes them from 1).
    let properties: [Box]
    /// Each item's associated property indices (1-based into `properties`).
    let associations: [Int: [Int]]

    /// The tables of the file in `bytes`, or nil when it has no `meta` box (libheif refuses
    /// it). Throws `.tooComplex` when the file is over a limit.
    static func read(_ bytes: UnsafeBufferPointer<UInt8>, tally: Reader.Tally? = nil) throws(HEIFError) -> HEIFItemTable? {
        let reader = Reader(bytes: bytes, tally: tally)
        guard let children = reader.metaChildren() else { return nil }
        func child(_ type: String) -> Box? { children.first { $0.type == type } }
        let items = try child("iinf").map(reader.itemTable) ?? []
        let extents = try child("iloc").map { iloc throws(HEIFError) in try reader.extentTable(iloc, idat: child("idat")) } ?? [:]
        let references = try child("iref").map(reader.referenceTable) ?? [:]
        let iprp = child("iprp")
        let properties = try iprp.map(reader.propertyTable) ?? []
        let associations = try iprp.map(reader.associationTable) ?? [:]
        return HEIFItemTable(
            reader: reader, children: children, primary: child("pitm").flatMap(reader.primaryID), items: items, extents: extents,
            references: references, properties: properties, associations: associations)
    }

    /// The box of `meta` of `type` (the first, as libheif takes it).
    func child(_ type: String) -> Box? { children.first { $0.type == type } }

    /// The type of item `id` (a scan: for one item, not a loop over them).
    func itemType(of id: Int) -> String? { items.first { $0.id == id }?.type }

    /// The items `item` references with references of `type` (`dimg`: a grid's tiles in order).
    func references(_ type: String, from item: Int) -> [Int] { references[type]?[item] ?? [] }

    /// The first property of `type` associated with `item`.
    func property(_ type: String, of item: Int) -> Box? {
        associations[item]?.lazy.filter { $0 <= properties.count }.map { properties[$0 - 1] }.first { $0.type == type }
    }

    /// The width and height `item`'s `ispe` declares.
    func declaredSize(of item: Int) -> (width: Int, height: Int)? { property("ispe", of: item).flatMap(reader.imageSize) }

    /// The refusal for `count` of `what` (nil: counting stopped past the limit) over `limit`.
    static func over(_ what: String, count: Int?, limit: Int) -> HEIFError {
        .tooComplex(count.map { "\($0) \(what), more than \(limit)" } ?? "more than \(limit) \(what)")
    }
}

import CHeif

/// The primary image of a HEIF file, open in libheif for the duration of one call.
///
/// libheif parses the caller's bytes in place (`heif_context_read_from_memory_without_copy`:
/// no copy, memory bounded by the input plus libheif's box limits), so the context must not
/// outlive them: `open` runs `body` inside `withUnsafeBytes` and frees the handle and the
/// context by `defer` on every path. Never escapes `body`; not `Sendable`.
struct PrimaryImage {
    /// The primary image handle (`heif_image_handle`), owned by `open`.
    let handle: OpaquePointer
    /// The `heif_context` the handle belongs to, owned by `open` (for registering plugins).
    let context: OpaquePointer
    /// The `ftyp` major brand followed by the compatible brands, as four-character codes.
    let brands: [String]

    /// Opens `bytes`, hands `body` the primary image (the one a viewer shows first: for an
    /// iPhone photo the SDR base image, never its gain map, depth map or thumbnail; for an
    /// image sequence or motion photo the still) and frees everything before returning.
    static func open<T>(_ bytes: [UInt8], _ body: (PrimaryImage) throws(HEIFError) -> T) throws(HEIFError) -> T {
        Libheif.ensureInitialised()
        // withUnsafeBytes is `rethrows`, which drops the typed error: carry it out in a Result.
        let result: Result<T, HEIFError> = bytes.withUnsafeBytes { raw in
            Result { () throws(HEIFError) -> T in
                guard let base = raw.baseAddress, raw.count >= 12 else { throw .notHEIF }
                let start = base.assumingMemoryBound(to: UInt8.self)
                // A video appended after the HEIF (a motion photo) is not shown to libheif.
                let span = HEIFBoxSpan.length(of: UnsafeBufferPointer(start: start, count: raw.count))
                let length = Int32(clamping: span)
                if heif_check_filetype(start, length) == heif_filetype_no { throw .notHEIF }
                let brands = Self.brands(start, length)
                // The items are counted and tabled before libheif parses anything: a file over
                // the limits is refused here, and the checks below look items up in linear time.
                let table = try HEIFItemTable.read(UnsafeBufferPointer(start: start, count: span))
                let canvas = table.flatMap(HEIFCanvasDescriptor.ofPrimaryItem(in:))

                guard let context = heif_context_alloc() else { throw .failed(outOfMemory("heif_context_alloc")) }
                defer { heif_context_free(context) }
                // Tiles of a grid image are decoded on the calling thread: callers already run
                // one decode per worker thread, and extra libheif threads would oversubscribe.
                heif_context_set_max_decoding_threads(context, 0)
                try LibheifStatus.check(
                    heif_context_read_from_memory_without_copy(context, base, span, nil),
                    "heif_context_read_from_memory_without_copy")

                var handle: OpaquePointer?
                try LibheifStatus.check(
                    heif_context_get_primary_image_handle(context, &handle), "heif_context_get_primary_image_handle")
                guard let handle else { throw .failed(outOfMemory("heif_context_get_primary_image_handle")) }
                defer { heif_image_handle_release(handle) }
                if let canvas {
                    let ispe = (Int(heif_image_handle_get_ispe_width(handle)), Int(heif_image_handle_get_ispe_height(handle)))
                    guard canvas.width == ispe.0, canvas.height == ispe.1 else {
                        throw .corrupt(
                            LibheifFailure(
                                operation: canvas.itemType, code: Int(heif_error_Invalid_input.rawValue),
                                subcode: Int(heif_suberror_Invalid_grid_data.rawValue),
                                message: "the \(canvas.itemType) makes a \(canvas.width) × \(canvas.height) image, its ispe says \(ispe.0) × \(ispe.1)"))
                    }
                }
                // Parsing the boxes allocated no pixels; every coded picture's own header must
                // agree with its ispe before anything is decoded or measured from it.
                if let table { try HEIFCodedSizeCheck.check(table) }
                return try body(PrimaryImage(handle: handle, context: context, brands: brands))
            }
        }
        return try result.get()
    }

    /// The facts `HEIFInfo` reports, from the handle alone (no pixels are decoded).
    func info() -> HEIFInfo {
        let bits = Int(heif_image_handle_get_luma_bits_per_pixel(handle))
        return HEIFInfo(
            width: Int(heif_image_handle_get_width(handle)), height: Int(heif_image_handle_get_height(handle)),
            hasAlpha: heif_image_handle_has_alpha_channel(handle) != 0, bitDepth: bits > 0 ? bits : nil,
            brand: brands.first ?? "", codec: HEIFCodec.implied(byBrands: brands), hasExif: !exifBlockIDs().isEmpty,
            hasICCProfile: heif_image_handle_get_raw_color_profile_size(handle) > 0)
    }

    /// A failure libheif signalled only by returning NULL.
    static func outOfMemory(_ operation: String) -> LibheifFailure {
        LibheifFailure(
            operation: operation, code: Int(heif_error_Memory_allocation_error.rawValue),
            subcode: Int(heif_suberror_Unspecified.rawValue), message: "returned no object")
    }

    /// Main brand first, then the compatible brands (duplicates kept; order is the file's).
    private static func brands(_ start: UnsafePointer<UInt8>, _ length: Int32) -> [String] {
        var brands = [fourCC(heif_read_main_brand(start, length))]
        var list: UnsafeMutablePointer<heif_brand2>?
        var count: Int32 = 0
        if heif_list_compatible_brands(start, length, &list, &count).code == heif_error_Ok, let list {
            defer { heif_free_list_of_compatible_brands(list) }
            brands += (0..<Int(count)).map { fourCC(list[$0]) }
        }
        return brands
    }

    /// A `heif_brand2` (big-endian four-character code) as text.
    private static func fourCC(_ code: heif_brand2) -> String {
        let bytes = [24, 16, 8, 0].map { UInt8(truncatingIfNeeded: code >> UInt32($0)) }
        return String(decoding: bytes, as: Unicode.ASCII.self)
    }
}

@available(*, unavailable, message: "borrows a libheif handle that lives only inside PrimaryImage.open")
extension PrimaryImage: Sendable {}

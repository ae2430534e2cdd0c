import CHeif

/// The Exif and ICC metadata of the primary image, copied out of libheif.
extension PrimaryImage {
    /// The item IDs of the primary image's Exif metadata blocks (usually one).
    func exifBlockIDs() -> [heif_item_id] {
        let count = heif_image_handle_get_number_of_metadata_blocks(handle, "Exif")
        guard count > 0 else { return [] }
        var ids = [heif_item_id](repeating: 0, count: Int(count))
        let filled = heif_image_handle_get_list_of_metadata_block_IDs(handle, "Exif", &ids, count)
        return Array(ids.prefix(Int(max(0, filled))))
    }

    /// The first Exif block's payload from its TIFF header on (see `HEIFExifBlock`), or nil.
    func exif() throws(HEIFError) -> [UInt8]? {
        for id in exifBlockIDs() {
            // Bounded by the input: libheif has checked the item's extents against the file.
            let size = heif_image_handle_get_metadata_size(handle, id)
            guard size > 0 else { continue }
            var block = [UInt8](repeating: 0, count: size)
            let status = block.withUnsafeMutableBytes { heif_image_handle_get_metadata(handle, id, $0.baseAddress) }
            try LibheifStatus.check(status, "heif_image_handle_get_metadata")
            if let tiff = HEIFExifBlock.tiffPayload(of: block) { return tiff }
        }
        return nil
    }

    /// The raw ICC profile (`colr` of type `prof` or `rICC`), or nil when there is none;
    /// libheif reports size 0 for an `nclx`-only colour description.
    func iccProfile() throws(HEIFError) -> [UInt8]? {
        let size = heif_image_handle_get_raw_color_profile_size(handle)
        guard size > 0 else { return nil }
        var profile = [UInt8](repeating: 0, count: size)
        let status = profile.withUnsafeMutableBytes { heif_image_handle_get_raw_color_profile(handle, $0.baseAddress) }
        try LibheifStatus.check(status, "heif_image_handle_get_raw_color_profile")
        return profile
    }
}

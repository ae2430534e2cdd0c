import CHeif

/// Decoding the primary image to packed 8-bit RGB.
extension PrimaryImage {
    /// Refuses, from the header, more than `maxPixels` pixels (after transformations) and
    /// a codec this libheif build cannot decode; returns the header facts.
    @discardableResult
    func checkDecodable(maxPixels: Int) throws(HEIFError) -> HEIFInfo {
        let info = info()
        let (pixels, overflow) = info.width.multipliedReportingOverflow(by: info.height)
        guard !overflow, pixels <= maxPixels else {
            throw .tooManyPixels(width: info.width, height: info.height, limit: maxPixels)
        }
        if let codec = info.codec, !Libheif.hasDecoder(for: codec) { throw .noDecoder(codec, cause: nil) }
        return info
    }

    /// Decodes with the container's transformations applied and alpha, if any, composited
    /// onto white. Returns the size libheif produced.
    func decodeRGB() throws(HEIFError) -> (width: Int, height: Int, pixels: [UInt8]) {
        try withDecodedPlane { plane in
            let pixels = Self.packRGB(
                plane.base, stride: plane.stride, width: plane.width, height: plane.height, hasAlpha: plane.hasAlpha,
                premultiplied: plane.premultiplied)
            return (plane.width, plane.height, pixels)
        }
    }

    /// Decodes (see `decoding`) and lends `body` libheif's interleaved RGB(A) plane.
    func withDecodedPlane<T>(_ body: (HEIFPlane) -> T) throws(HEIFError) -> T {
        let hasAlpha = heif_image_handle_has_alpha_channel(handle) != 0
        return try decoding(hasAlpha ? heif_chroma_interleaved_RGBA : heif_chroma_interleaved_RGB) { decoded throws(HEIFError) in
            let width = Int(heif_image_get_width(decoded, heif_channel_interleaved))
            let height = Int(heif_image_get_height(decoded, heif_channel_interleaved))
            let channels = hasAlpha ? 4 : 3
            var stride: Int32 = 0
            guard width > 0, height > 0,
                heif_image_get_bits_per_pixel(decoded, heif_channel_interleaved) == Int32(channels * 8),
                let plane = heif_image_get_plane_readonly(decoded, heif_channel_interleaved, &stride),
                Int(stride) >= width * channels
            else {
                throw .failed(
                    LibheifFailure(
                        operation: "heif_image_get_plane_readonly", code: Int(heif_error_Usage_error.rawValue),
                        subcode: Int(heif_suberror_Unspecified.rawValue),
                        message: "decoded image is not \(channels * 8)-bit interleaved RGB\(hasAlpha ? "A" : "")"))
            }
            let premultiplied = hasAlpha && heif_image_is_premultiplied_alpha(decoded) != 0
            return body(
                HEIFPlane(base: plane, stride: Int(stride), width: width, height: height, hasAlpha: hasAlpha, premultiplied: premultiplied))
        }
    }

    /// Decodes to `colorspace` in `chroma` (RGB unless said otherwise) with the container's
    /// transformations applied (`ignore_transformations` stays 0: `irot`, `imir` and `clap`
    /// are authoritative) and HDR reduced to 8 bits where libheif converts, by the plugin
    /// `decoderID` names if any, and lends the image to `body`; the image is released when
    /// `body` returns.
    func decoding<T>(
        _ chroma: heif_chroma, colorspace: heif_colorspace = heif_colorspace_RGB, decoderID: UnsafePointer<CChar>? = nil,
        _ body: (OpaquePointer) throws(HEIFError) -> T
    ) throws(HEIFError) -> T {
        guard let options = heif_decoding_options_alloc() else { throw .failed(Self.outOfMemory("heif_decoding_options_alloc")) }
        defer { heif_decoding_options_free(options) }
        options.pointee.ignore_transformations = 0
        options.pointee.convert_hdr_to_8bit = 1
        options.pointee.decoder_id = decoderID
        var decoded: OpaquePointer?
        try LibheifStatus.check(heif_decode_image(handle, &decoded, colorspace, chroma, options), "heif_decode_image")
        guard let decoded else { throw .failed(Self.outOfMemory("heif_decode_image")) }
        defer { heif_image_release(decoded) }
        return try body(decoded)
    }

    /// Decodes an opaque 8-bit image to libheif's planar RGB (`heif_chroma_444`, the form
    /// its decoder output is converted to anyway, so no second conversion pass runs) and
    /// lends the planes to `body`. Returns nil without calling `body` when the picture
    /// libheif produced is not three 8-bit planes of one size (an HDR image keeps its
    /// 10 bits in this form: libheif reduces to 8 bits only while converting), so the
    /// caller can take the interleaved way instead.
    func withDecodedPlanarRGB<T>(_ body: (HEIFPlanarRGB) -> T) throws(HEIFError) -> T? {
        try decoding(heif_chroma_444) { decoded throws(HEIFError) -> T? in
            Self.planarRGB(of: decoded).map(body)
        }
    }

    /// `decoded`'s three 8-bit RGB planes of one size, or nil when it has other planes.
    static func planarRGB(of decoded: OpaquePointer) -> HEIFPlanarRGB? {
        guard heif_image_has_channel(decoded, heif_channel_Alpha) == 0,
            let red = eightBitPlane(heif_channel_R, of: decoded), let green = eightBitPlane(heif_channel_G, of: decoded),
            let blue = eightBitPlane(heif_channel_B, of: decoded), green.width == red.width, blue.width == red.width,
            green.height == red.height, blue.height == red.height
        else { return nil }
        return HEIFPlanarRGB(
            red: red.base, green: green.base, blue: blue.base, redStride: red.stride, greenStride: green.stride,
            blueStride: blue.stride, width: red.width, height: red.height)
    }

    /// One 8-bit plane of `decoded`, or nil when it is missing, deeper or empty.
    static func eightBitPlane(_ channel: heif_channel, of decoded: OpaquePointer) -> HEIFPlanarYCbCr.Plane? {
        var stride: Int32 = 0
        guard heif_image_get_bits_per_pixel(decoded, channel) == 8,
            let base = heif_image_get_plane_readonly(decoded, channel, &stride)
        else { return nil }
        let width = Int(heif_image_get_width(decoded, channel))
        let height = Int(heif_image_get_height(decoded, channel))
        guard width > 0, height > 0, Int(stride) >= width else { return nil }
        return HEIFPlanarYCbCr.Plane(base: base, stride: Int(stride), width: width, height: height)
    }

    /// Copies the rows out without padding; RGBA is composited onto white so transparent
    /// areas come out white (as phone galleries and browsers show them on a light page).
    static func packRGB(
        _ plane: UnsafePointer<UInt8>, stride: Int, width: Int, height: Int, hasAlpha: Bool, premultiplied: Bool
    ) -> [UInt8] {
        [UInt8](unsafeUninitializedCapacity: width * height * 3) { out, count in
            var index = 0
            for y in 0..<height {
                let row = plane + y * stride
                for x in 0..<width {
                    if hasAlpha {
                        let pixel = row + x * 4
                        let alpha = Int(pixel[3])
                        for channel in 0..<3 {
                            let value = Int(pixel[channel])
                            let onWhite =
                                premultiplied
                                ? min(255, value + 255 - alpha) : (value * alpha + 255 * (255 - alpha) + 127) / 255
                            out[index + channel] = UInt8(onWhite)
                        }
                    } else {
                        let pixel = row + x * 3
                        out[index] = pixel[0]
                        out[index + 1] = pixel[1]
                        out[index + 2] = pixel[2]
                    }
                    index += 3
                }
            }
            count = width * height * 3
        }
    }
}

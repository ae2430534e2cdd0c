import HEIFDecoding

/// HEIC/HEIF and AVIF through the shared pipeline: `HEIFDecoding` reads the boxes and
/// decodes with libheif, which applies the container's `irot`, `imir` and `clap`, so the
/// pixels arrive upright and an EXIF Orientation inside is not applied again (phones write
/// both and they often disagree: the classic double rotation). Only the primary image is
/// used: the SDR base of an HDR photo, the still of a motion photo.
struct HEIFPixelSource: PixelSource {
    /// "HEIC" or "AVIF", as `ImageFormatSniffer` names the brands; the same decoder.
    let formatName: String
    var decodesUpright: Bool { true }

    func inspect(_ bytes: [UInt8]) throws(PhotoProcessingError) -> PixelSourceHeader<HEIFHeader> {
        let header: HEIFHeader
        do {
            header = try HEIFDecoder.header(bytes)
        } catch {
            throw translate(error)
        }
        let info = header.info
        let output = info.width * info.height * 3
        return PixelSourceHeader(
            width: info.width, height: info.height, isComplete: true,
            decoderBytes: max(0, info.estimatedDecodeBytes - output), exif: header.exif, iccProfile: header.iccProfile,
            native: header)
    }

    func decode(_ bytes: [UInt8], header: PixelSourceHeader<HEIFHeader>) throws(PhotoProcessingError) -> RGBImage {
        do {
            let image = try HEIFDecoder.decode(bytes, maxPixels: header.pixelCount)
            return RGBImage(uncheckedWidth: image.width, height: image.height, pixels: image.pixels)
        } catch {
            throw translate(error)
        }
    }

    /// Resamples straight from the decoded planes, so a 12 MP photo never has a full-size
    /// RGB copy of its own: an opaque 8-bit image from the decoder's YCbCr, converted a row
    /// at a time into the streaming resampler (no full-size RGB at all, not even libheif's:
    /// `HEIFDecoder.withDecodedPlanes`), or from libheif's planar RGB where that is what the
    /// one decode gave (a grid, a `clap`); others from its interleaved RGB; RGBA is
    /// flattened by `decode` first.
    func decodeFitted(
        _ bytes: [UInt8], header: PixelSourceHeader<HEIFHeader>, width: Int, height: Int
    ) throws(PhotoProcessingError) -> RGBImage {
        if header.native.info.hasAlpha {
            var image = try decode(bytes, header: header)
            LanczosResampler.resizeInPlace(&image, width: width, height: height)
            return image
        }
        do {
            let native = try HEIFDecoder.withDecodedPlanes(bytes, maxPixels: header.pixelCount) { planes -> RGBImage? in
                switch planes {
                case .yCbCr(let planes):
                    guard planes.width == header.width, planes.height == header.height else { return nil }
                    return Self.fit(planes, width: width, height: height)
                case .rgb(let planes):
                    return Self.fit(planes, header: header, width: width, height: height)
                }
            }
            if let fitted = native ?? nil { return fitted }
            let planar = try HEIFDecoder.withDecodedPlanarRGB(bytes, maxPixels: header.pixelCount) { planes in
                Self.fit(planes, header: header, width: width, height: height)
            }
            if let fitted = planar ?? nil { return fitted }
            let fitted = try HEIFDecoder.withDecodedPlane(bytes, maxPixels: header.pixelCount) { plane -> RGBImage? in
                // libheif said RGB without alpha on the header; a decoded plane that
                // disagrees, or a size other than the header's, goes the packed way.
                guard !plane.hasAlpha, plane.width == header.width, plane.height == header.height else { return nil }
                return LanczosResampler.resize(
                    rows: plane.base, stride: plane.stride, sourceWidth: plane.width, sourceHeight: plane.height,
                    width: width, height: height)
            }
            if let fitted { return fitted }
        } catch {
            throw translate(error)
        }
        throw .damaged(format: formatName, detail: "libheif decoded a picture other than its header described")
    }

    /// YCbCr converted a row at a time into the streaming resampler: only the few RGB rows
    /// its taps need exist at once.
    private static func fit(_ planes: HEIFPlanarYCbCr, width: Int, height: Int) -> RGBImage? {
        let converter = YCbCrRowConverter(planes: planes)
        var resampler = RowStreamResampler(sourceWidth: planes.width, sourceHeight: planes.height, width: width, height: height)
        var row = [UInt8](repeating: 0, count: planes.width * 3)
        row.withUnsafeMutableBufferPointer { row in
            for y in 0..<planes.height {
                converter.convertRow(y, into: row.baseAddress!)
                resampler.add(row.baseAddress!)
            }
        }
        return resampler.finish()
    }

    /// libheif's planar RGB resampled plane by plane, when it has the header's size.
    private static func fit(
        _ planes: HEIFPlanarRGB, header: PixelSourceHeader<HEIFHeader>, width: Int, height: Int
    ) -> RGBImage? {
        guard planes.width == header.width, planes.height == header.height else { return nil }
        return LanczosResampler.resize(
            red: .init(base: planes.red, stride: planes.redStride),
            green: .init(base: planes.green, stride: planes.greenStride),
            blue: .init(base: planes.blue, stride: planes.blueStride),
            sourceWidth: planes.width, sourceHeight: planes.height, width: width, height: height)
    }

    private func translate(_ error: HEIFError) -> PhotoProcessingError {
        switch error {
        case .notHEIF: .unsupportedFormat(format: "unknown")
        case .truncated, .corrupt: .damaged(format: formatName, detail: error.description)
        case .tooManyPixels(let width, let height, let limit): .tooManyPixels(width: width, height: height, limit: limit)
        case .exceedsSecurityLimit: .imageTooLarge(format: formatName)
        case .sizeMismatch(let detail): .headerMismatch(format: formatName, detail: detail)
        case .tooComplex(let detail): .tooComplex(format: formatName, detail: detail)
        case .noDecoder, .unsupported: .unsupported("\(formatName): \(error.description)")
        case .failed: .damaged(format: formatName, detail: error.description)
        }
    }
}

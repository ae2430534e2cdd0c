import Glibc
import PNGDecoding
import WorkerThreads

/// PNG through the shared pipeline: `PNGDecoding` reads the chunks and decodes with
/// libpng; this translates its header into the pipeline's limits and its errors into
/// `PhotoProcessingError` (keeping libpng's message in the detail for logs).
struct PNGPixelSource: PixelSource {
    var formatName: String { "PNG" }
    var decodesUpright: Bool { false }

    func inspect(_ bytes: [UInt8]) throws(PhotoProcessingError) -> PixelSourceHeader<PNGHeader> {
        let header: PNGHeader
        do {
            header = try PNGInspector.inspect(bytes)
        } catch {
            throw Self.translate(error)
        }
        return PixelSourceHeader(
            width: header.width, height: header.height, isComplete: header.isComplete,
            decoderBytes: Self.decoderBytes(for: header), exif: header.exif, iccProfile: header.iccProfile, native: header)
    }

    /// Inflates the image data once, counting (`PNGImageDataCheck`): refused when it
    /// inflates past the picture or the deadline passes, so libpng never works on a bomb.
    func checkData(_ bytes: [UInt8], header: PixelSourceHeader<PNGHeader>, pastDeadline: () -> Bool) throws(PhotoProcessingError) {
        do {
            try PNGImageDataCheck.check(bytes, header: header.native, shouldStop: pastDeadline)
        } catch {
            throw Self.translate(error)
        }
    }

    func decode(_ bytes: [UInt8], header: PixelSourceHeader<PNGHeader>) throws(PhotoProcessingError) -> RGBImage {
        do {
            let pixels = try PNGDecoder.decodeRGB(bytes, header: header.native)
            return RGBImage(uncheckedWidth: header.width, height: header.height, pixels: pixels)
        } catch {
            throw Self.translate(error)
        }
    }

    /// The box-fitted image of the PNG file at `path` (inspected as `header`, which
    /// `PNGRowStream.canStream` accepted), read row by row and resampled as the rows come:
    /// neither the file's bytes nor the full-size picture are held. Refused like
    /// `checkData` when the data inflates past the picture or `pastDeadline` says so.
    ///
    /// libpng reads the rows on a thread of its own and hands them over through a few
    /// slots (`RowHandoff`) to this one, which resamples them, so the two run on two
    /// cores at once; the output is the same either way.
    func decodeFitted(
        path: String, header: PixelSourceHeader<PNGHeader>, width: Int, height: Int, pastDeadline: @escaping @Sendable () -> Bool
    ) throws(PhotoProcessingError) -> RGBImage {
        var resampler = RowStreamResampler(sourceWidth: header.width, sourceHeight: header.height, width: width, height: height)
        let handoff = RowHandoff<PNGError>(rowLength: header.width * 3, slotCount: Self.handoffRows)
        let native = header.native
        DedicatedThread.start(name: "png-rows", stackSize: 1 << 20) {
            do throws(PNGError) {
                try PNGRowStream.read(path: path, header: native, shouldStop: pastDeadline) { row, _ in handoff.put(row) }
                handoff.finish(nil)
            } catch {
                handoff.finish(error)
            }
        }
        while let row = handoff.take() {
            resampler.add(row)
            handoff.release()
        }
        if let error = handoff.failure() { throw Self.translate(error) }
        guard let image = resampler.finish() else {
            throw .damaged(format: formatName, detail: "libpng stopped before the last row")
        }
        return image
    }

    /// Rows in flight between libpng's thread and the resampler: enough that neither
    /// waits for the other's uneven pace (a row's inflating varies with its content), few
    /// enough to be a small part of the peak (16 rows of a 4000-pixel PNG are 192 KB).
    static let handoffRows = 16

    /// What libpng holds besides the output while `png_image_finish_read` runs, counted
    /// generously: its current and previous rows and the simplified API's working row, at
    /// the widest pixel (16-bit RGBA, 8 bytes) and doubled for interlacing and filter
    /// slack; zlib's inflate window and state; and libpng's own copy of the ICC profile
    /// (it decompresses `iCCP` to check it) besides ours.
    static func decoderBytes(for header: PNGHeader) -> Int {
        let widestRow = header.width * 8 + 1
        let inflate = 64 << 10
        return 6 * widestRow + inflate + 2 * (header.iccProfile?.count ?? 0)
    }

    private static func translate(_ error: PNGError) -> PhotoProcessingError {
        switch error.kind {
        case .notPNG: return .unsupportedFormat(format: "unknown")
        case .truncated, .corrupt: return .damaged(format: "PNG", detail: error.message)
        case .sizeMismatch: return .headerMismatch(format: "PNG", detail: error.message)
        case .timedOut: return .tookTooLong(format: "PNG", detail: error.message)
        case .unsupported: return .unsupported(error.message)
        }
    }
}

import CGif

/// One open giflib decoder over bytes in memory, read record by record (never
/// `DGifSlurp`, which would decode every frame of an animation). It owns the
/// `GifFileType` and closes it in `deinit`, and keeps the reader its callback uses alive.
final class GIFFile {
    private let gif: UnsafeMutablePointer<GifFileType>
    private let reader: GIFByteReader

    /// Opens the bytes and reads the header, logical screen descriptor and global colour
    /// table (no pixels). Throws `.notGIF` without a GIF signature.
    init(_ bytes: [UInt8]) throws(GIFError) {
        let reader = GIFByteReader(bytes)
        var error: Int32 = 0
        let context = Unmanaged.passUnretained(reader).toOpaque()
        let opened = DGifOpen(
            context,
            { gif, buffer, count in
                guard let gif, let buffer, count > 0, let context = gif.pointee.UserData else { return 0 }
                let reader = Unmanaged<GIFByteReader>.fromOpaque(context).takeUnretainedValue()
                return Int32(reader.read(into: buffer, count: Int(count)))
            }, &error)
        guard let opened else { throw GIFFile.failure(code: error, during: "DGifOpen") }
        self.gif = opened
        self.reader = reader
    }

    deinit {
        var error: Int32 = 0
        _ = DGifCloseFile(gif, &error)
    }

    var screenWidth: Int { Int(gif.pointee.SWidth) }
    var screenHeight: Int { Int(gif.pointee.SHeight) }

    /// Reads records up to the first image descriptor, skipping extensions' data except a
    /// Graphics Control Extension (the last one before the image applies to it). LZW
    /// data is not touched. Throws `.corrupt` when the trailer comes first.
    func firstFrame() throws(GIFError) -> GIFFrame {
        var transparentIndex: Int?
        while true {
            var record = UNDEFINED_RECORD_TYPE
            try check(DGifGetRecordType(gif, &record), "DGifGetRecordType")
            switch record {
            case IMAGE_DESC_RECORD_TYPE:
                try check(DGifGetImageDesc(gif), "DGifGetImageDesc")
                let image = gif.pointee.Image
                return GIFFrame(
                    left: Int(image.Left), top: Int(image.Top), width: Int(image.Width), height: Int(image.Height),
                    isInterlaced: image.Interlace, transparentIndex: transparentIndex,
                    hasLocalColorTable: image.ColorMap != nil)
            case EXTENSION_RECORD_TYPE:
                var function: Int32 = 0
                var block: UnsafeMutablePointer<GifByteType>?
                try check(DGifGetExtension(gif, &function, &block), "DGifGetExtension")
                if function == GRAPHICS_EXT_FUNC_CODE, let block {
                    var control = GraphicsControlBlock()
                    if DGifExtensionToGCB(Int(block[0]), block + 1, &control) == GIF_OK {
                        transparentIndex = control.TransparentColor >= 0 ? Int(control.TransparentColor) : nil
                    }
                }
                while block != nil {
                    try check(DGifGetExtensionNext(gif, &block), "DGifGetExtensionNext")
                }
            case TERMINATE_RECORD_TYPE:
                throw GIFError(.corrupt, "the GIF ends without an image")
            default:
                throw GIFError(.corrupt, "unexpected record type \(record.rawValue)")
            }
        }
    }

    /// The current frame's colour table (local, else global) as RGB triples; nil when the
    /// GIF has neither.
    func palette() -> [UInt8]? {
        guard let map = gif.pointee.Image.ColorMap ?? gif.pointee.SColorMap, let colors = map.pointee.Colors else {
            return nil
        }
        var rgb: [UInt8] = []
        rgb.reserveCapacity(Int(map.pointee.ColorCount) * 3)
        for index in 0..<Int(max(0, map.pointee.ColorCount)) {
            rgb += [colors[index].Red, colors[index].Green, colors[index].Blue]
        }
        return rgb
    }

    /// Decodes the next stored row of the current frame into `row` (its palette indices).
    func readRow(into row: inout [UInt8]) throws(GIFError) {
        let count = Int32(row.count)
        let status = row.withUnsafeMutableBufferPointer { DGifGetLine(gif, $0.baseAddress, count) }
        try check(status, "DGifGetLine")
    }

    private func check(_ status: Int32, _ call: String) throws(GIFError) {
        guard status == GIF_OK else { throw GIFFile.failure(code: gif.pointee.Error, during: call) }
    }

    /// giflib's error code as a typed error keeping the code and `GifErrorString`: data
    /// running out is `.truncated` (`DGifOpen` reports a failed read of the screen
    /// descriptor as "no screen descriptor"), a missing signature `.notGIF`, the rest
    /// `.corrupt`.
    static func failure(code: Int32, during call: String) -> GIFError {
        let text = GifErrorString(code).map { String(cString: $0) } ?? "unknown giflib error"
        let kind: GIFError.Kind
        switch code {
        case D_GIF_ERR_READ_FAILED, D_GIF_ERR_NO_SCRN_DSCR: kind = .truncated
        case D_GIF_ERR_NOT_GIF_FILE: kind = .notGIF
        default: kind = .corrupt
        }
        return GIFError(kind, code: Int(code), "\(call): \(text) (giflib error \(code))")
    }
}

@available(*, unavailable, message: "giflib's decoder state is not thread-safe; one owner at a time")
extension GIFFile: Sendable {}

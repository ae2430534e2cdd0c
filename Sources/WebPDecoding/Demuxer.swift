import CWebP

/// One libwebp demuxer over the caller's bytes, without a copy of them (which was a second
/// input-sized buffer, 11 MB for a 12 MP lossless photo). The demuxer keeps pointers into
/// the data it parsed, so it only exists inside `withDemuxer(over:_:)`, the scope in which
/// the caller's buffer is valid: no `Demuxer` and no pointer into the bytes escapes it.
///
/// Parsing is partial (`WebPDemuxPartial`), so a file cut short after its header still
/// yields the canvas and whatever chunks arrived, with `isComplete == false`.
///
/// Not `Sendable`: libwebp's demuxer is not documented as safe to share between threads,
/// and it is only ever used inside one call.
final class Demuxer {
    private let demux: OpaquePointer
    /// Whether parsing reached `WEBP_DEMUX_DONE`: every chunk the RIFF header promises is there.
    let isComplete: Bool

    /// Calls `body` with a demuxer over `bytes`, deleted when `body` returns; `bytes` must
    /// stay valid (and unchanged) for that long, which the callers' scopes guarantee.
    static func withDemuxer<Result>(
        over bytes: UnsafeBufferPointer<UInt8>, _ body: (Demuxer) throws(WebPError) -> Result
    ) throws(WebPError) -> Result {
        let demuxer = try Demuxer(bytes)
        defer { withExtendedLifetime(demuxer) {} }
        return try body(demuxer)
    }

    /// Calls `body` with a demuxer over `bytes`, inside `withUnsafeBufferPointer`'s scope.
    static func withDemuxer<Result>(
        over bytes: [UInt8], _ body: (Demuxer) throws(WebPError) -> Result
    ) throws(WebPError) -> Result {
        try bytes.withUnsafeBufferPointer { (buffer) throws(WebPError) -> Result in
            try withDemuxer(over: buffer, body)
        }
    }

    private init(_ bytes: UnsafeBufferPointer<UInt8>) throws(WebPError) {
        var state = WEBP_DEMUX_PARSE_ERROR
        // No bytes (an empty array has no base address) is what libwebp calls a parse error.
        var data = WebPData(bytes: bytes.baseAddress, size: bytes.count)
        guard !bytes.isEmpty, let demux = WebPDemuxPartial(&data, &state) else {
            // NULL with PARSING_HEADER: not even the RIFF/VP8X header is all there.
            throw WebPError(state == WEBP_DEMUX_PARSING_HEADER ? .truncated : .corrupt, operation: "WebPDemuxPartial")
        }
        self.demux = demux
        self.isComplete = state == WEBP_DEMUX_DONE
    }

    deinit { WebPDemuxDelete(demux) }

    /// The canvas size and frame count the demuxer parsed.
    var canvasWidth: Int { Int(WebPDemuxGetI(demux, WEBP_FF_CANVAS_WIDTH)) }
    var canvasHeight: Int { Int(WebPDemuxGetI(demux, WEBP_FF_CANVAS_HEIGHT)) }
    var frameCount: Int { Int(WebPDemuxGetI(demux, WEBP_FF_FRAME_COUNT)) }

    /// The payload of the first chunk named `fourCC` ("EXIF", "ICCP"), if there is one.
    func chunk(_ fourCC: StaticString) -> [UInt8]? {
        var iterator = WebPChunkIterator()
        let found = fourCC.withUTF8Buffer { name in
            name.withMemoryRebound(to: CChar.self) { WebPDemuxGetChunk(demux, $0.baseAddress, 1, &iterator) }
        }
        guard found != 0 else { return nil }
        defer { WebPDemuxReleaseChunkIterator(&iterator) }
        guard let start = iterator.chunk.bytes else { return [] }
        return Array(UnsafeBufferPointer(start: start, count: iterator.chunk.size))
    }

    /// Calls `body` with the first frame (the still image, or an animation's first frame)
    /// while its bitstream is still valid: the bytes point into the caller's buffer.
    func withFirstFrame<Result>(
        _ body: (Frame, UnsafeBufferPointer<UInt8>) throws(WebPError) -> Result
    ) throws(WebPError) -> Result {
        var iterator = WebPIterator()
        guard WebPDemuxGetFrame(demux, 1, &iterator) != 0 else {
            throw WebPError(isComplete ? .corrupt : .truncated, operation: "WebPDemuxGetFrame")
        }
        defer { WebPDemuxReleaseIterator(&iterator) }
        guard iterator.complete != 0, let start = iterator.fragment.bytes else {
            throw WebPError(.truncated, operation: "WebPDemuxGetFrame")
        }
        let frame = Frame(
            x: Int(iterator.x_offset), y: Int(iterator.y_offset), width: Int(iterator.width), height: Int(iterator.height),
            hasAlpha: iterator.has_alpha != 0)
        return try body(frame, UnsafeBufferPointer(start: start, count: iterator.fragment.size))
    }

    /// Where a frame sits on the canvas, and whether its own bitstream carries alpha (an
    /// `ALPH` chunk or VP8L's alpha), which decides between decoding to RGB or RGBA.
    struct Frame {
        let x: Int
        let y: Int
        let width: Int
        let height: Int
        let hasAlpha: Bool

        /// Whether the frame fills the whole `width × height` canvas from its corner.
        func coversCanvas(width canvasWidth: Int, height canvasHeight: Int) -> Bool {
            x == 0 && y == 0 && width == canvasWidth && height == canvasHeight
        }
    }
}

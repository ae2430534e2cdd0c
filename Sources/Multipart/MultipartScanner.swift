/// The framing of a multipart body (RFC 2046 §5.1.1) as a state machine fed one chunk at
/// a time: it finds the delimiters and each part's header block and reports them as
/// events, doing no I/O and holding at most one chunk plus a delimiter's length of
/// content (the header block of the current part aside, bounded by `maxHeaderBytes`).
///
/// The delimiter may be split across chunks anywhere: when a chunk ends in what could be
/// the start of one, those bytes are kept back until the next chunk decides.
///
/// Strictness, chosen so this parser and any other agree on what a body means:
/// - Content ends at CRLF `--boundary`; a body may start with `--boundary` directly
///   (a CRLF is assumed before the first byte). Preamble and epilogue are ignored.
/// - After a delimiter only `--` (the end), or spaces/tabs then CRLF, may follow; a bare
///   LF there, or anything else, is malformed.
/// - Part header lines may end in a bare LF: the block ends at the first empty line,
///   `LF` or `CRLF`, and is parsed only by `PartHeaders`, which refuses any other CR.
struct MultipartScanner {
    enum Event {
        /// A part starts; its header block without the empty line that ended it.
        case partHeaders([UInt8])
        /// Some of the current part's content (never empty). Valid only during the call.
        case partContent(ArraySlice<UInt8>)
        /// The current part's content is complete.
        case partEnd
    }

    private enum State {
        case preamble
        /// Just after a delimiter: `-` starts the closing `--`, space/tab is padding,
        /// CR ends the delimiter line.
        case afterDelimiter
        case closingDash
        case padding(count: Int)
        case lineFeed
        case headers
        case content
        case epilogue
    }

    private let delimiter: [UInt8]
    private let maxHeaderBytes: Int
    private var state = State.preamble
    /// Unprocessed bytes: a possible delimiter prefix kept from the last chunk, then the
    /// new chunk. Starts with the CRLF assumed before the body.
    private var buffer: [UInt8] = [0x0D, 0x0A]
    private var headerBlock: [UInt8] = []
    private var headerLineStart = 0

    init(boundary: MultipartBoundary, maxHeaderBytes: Int) {
        delimiter = boundary.delimiter
        self.maxHeaderBytes = maxHeaderBytes
    }

    /// Whether the closing delimiter has been seen; later bytes are epilogue.
    var isComplete: Bool {
        if case .epilogue = state { return true }
        return false
    }

    /// Consumes `chunk`, reporting events to `handle` in order.
    mutating func feed(_ chunk: [UInt8], _ handle: (Event) throws(MultipartError) -> Void) throws(MultipartError) {
        buffer.append(contentsOf: chunk)
        var position = 0
        while position < buffer.count {
            switch state {
            case .preamble, .content:
                let inContent = if case .content = state { true } else { false }
                switch DelimiterSearch.find(delimiter, in: buffer, from: position) {
                case .found(let index):
                    if inContent {
                        if index > position { try handle(.partContent(buffer[position..<index])) }
                        try handle(.partEnd)
                    }
                    position = index + delimiter.count
                    state = .afterDelimiter
                case .partial(let index):
                    if inContent, index > position { try handle(.partContent(buffer[position..<index])) }
                    buffer.removeFirst(index)
                    return
                case .absent:
                    if inContent { try handle(.partContent(buffer[position...])) }
                    position = buffer.count
                }
            case .headers:
                position = try readHeaders(from: position, handle)
            case .epilogue:
                position = buffer.count
            case .afterDelimiter, .closingDash, .padding, .lineFeed:
                try readDelimiterLine(buffer[position])
                position += 1
            }
        }
        buffer.removeAll(keepingCapacity: true)
    }

    /// Checks that the body ended properly, after the last chunk.
    func finish() throws(MultipartError) {
        switch state {
        case .epilogue: return
        case .preamble: throw .malformed(reason: "it contains no parts")
        default: throw .truncated
        }
    }

    private mutating func readDelimiterLine(_ byte: UInt8) throws(MultipartError) {
        switch (state, byte) {
        case (.afterDelimiter, UInt8(ascii: "-")): state = .closingDash
        case (.closingDash, UInt8(ascii: "-")): state = .epilogue
        case (.afterDelimiter, 0x20), (.afterDelimiter, 0x09): state = .padding(count: 1)
        case (.padding(let count), 0x20), (.padding(let count), 0x09):
            guard count < maxHeaderBytes else { throw .headerTooLarge(limit: maxHeaderBytes) }
            state = .padding(count: count + 1)
        case (.afterDelimiter, 0x0D), (.padding, 0x0D): state = .lineFeed
        case (.lineFeed, 0x0A):
            state = .headers
            headerBlock.removeAll(keepingCapacity: true)
            headerLineStart = 0
        default:
            throw .malformed(reason: "a boundary line is malformed")
        }
    }

    /// Appends header bytes until the empty line; returns where reading stopped.
    private mutating func readHeaders(from start: Int, _ handle: (Event) throws(MultipartError) -> Void) throws(MultipartError) -> Int {
        var position = start
        while position < buffer.count {
            let byte = buffer[position]
            position += 1
            headerBlock.append(byte)
            guard headerBlock.count <= maxHeaderBytes else { throw .headerTooLarge(limit: maxHeaderBytes) }
            guard byte == 0x0A else { continue }
            let lineLength = headerBlock.count - headerLineStart
            if lineLength == 1 || (lineLength == 2 && headerBlock[headerLineStart] == 0x0D) {
                headerBlock.removeLast(lineLength)
                state = .content
                try handle(.partHeaders(headerBlock))
                return position
            }
            headerLineStart = headerBlock.count
        }
        return position
    }
}

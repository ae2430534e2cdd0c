/// Joins the pieces libwebsockets hands over (a message may come in several frames, and a
/// frame in several reads) into whole text messages, refusing one past the size cap before
/// it is stored and anything that is not UTF-8 text. Pure, so it is tested without sockets.
struct MessageAssembler {
    enum Outcome: Equatable {
        /// More pieces are needed.
        case partial
        case message(String)
        case tooLarge
        case notText
    }

    let maxBytes: Int
    private var buffer: [UInt8] = []

    init(maxBytes: Int) { self.maxBytes = maxBytes }

    /// Adds one piece; `isBinary` is the frame's type, `isLast` true when the message's
    /// final frame has no bytes left to come.
    mutating func add(_ piece: UnsafeRawBufferPointer, isBinary: Bool, isLast: Bool) -> Outcome {
        guard !isBinary else {
            buffer = []
            return .notText
        }
        guard buffer.count + piece.count <= maxBytes else {
            buffer = []
            return .tooLarge
        }
        buffer.append(contentsOf: piece)
        guard isLast else { return .partial }
        defer { buffer = [] }
        guard let text = String(validating: buffer, as: UTF8.self) else { return .notText }
        return .message(text)
    }
}

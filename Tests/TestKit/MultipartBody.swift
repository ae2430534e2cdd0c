/// Builds multipart bodies the way browsers write them (CRLF everywhere, closing
/// delimiter then CRLF), with escape hatches for malformed ones.
public struct MultipartBody: Sendable {
    public let boundary: String
    private var parts: [[UInt8]] = []

    public init(boundary: String) { self.boundary = boundary }

    public func field(_ name: String, _ value: String) -> MultipartBody {
        raw(headers: ["Content-Disposition: form-data; name=\"\(name)\""], Array(value.utf8))
    }

    public func file(_ name: String, filename: String, contentType: String = "application/octet-stream", _ content: [UInt8]) -> MultipartBody {
        raw(headers: ["Content-Disposition: form-data; name=\"\(name)\"; filename=\"\(filename)\"", "Content-Type: \(contentType)"], content)
    }

    /// A part with exactly these header lines.
    public func raw(headers: [String], _ content: [UInt8]) -> MultipartBody {
        var copy = self
        copy.parts.append(Array((headers.map { $0 + "\r\n" }.joined() + "\r\n").utf8) + content)
        return copy
    }

    /// The body; `closed: false` leaves out the closing delimiter.
    public func bytes(closed: Bool = true) -> [UInt8] {
        var out: [UInt8] = []
        for part in parts { out += Array("--\(boundary)\r\n".utf8) + part + [0x0D, 0x0A] }
        if closed { out += Array("--\(boundary)--\r\n".utf8) } else { out.removeLast(2) }
        return out
    }
}

/// Builds multipart bodies the way browsers write them (CRLF everywhere, closing
/// delimiter then CRLF), with escape hatches for malformed ones.
package struct MultipartBody: Sendable {
    package let boundary: String
    private var parts: [[UInt8]] = []

    package init(boundary: String) { self.boundary = boundary }

    package func field(_ name: String, _ value: String) -> MultipartBody {
        raw(headers: ["Content-Disposition: form-data; name=\"\(name)\""], Array(value.utf8))
    }

    package func file(_ name: String, filename: String, contentType: String = "application/octet-stream", _ content: [UInt8]) -> MultipartBody {
        raw(headers: ["Content-Disposition: form-data; name=\"\(name)\"; filename=\"\(filename)\"", "Content-Type: \(contentType)"], content)
    }

    /// A part with exactly these header lines.
    package func raw(headers: [String], _ content: [UInt8]) -> MultipartBody {
        var copy = self
        copy.parts.append(Array((headers.map { $0 + "\r\n" }.joined() + "\r\n").utf8) + content)
        return copy
    }

    /// The body; `closed: false` leaves out the closing delimiter.
    package func bytes(closed: Bool = true) -> [UInt8] {
        var out: [UInt8] = []
        for part in parts { out += Array("--\(boundary)\r\n".utf8) + part + [0x0D, 0x0A] }
        if closed { out += Array("--\(boundary)--\r\n".utf8) } else { out.removeLast(2) }
        return out
    }
}

extension HTTPHeaders {
    /// How these request headers delimit the body (RFC 9112 §6).
    ///
    /// Stricter than libmicrohttpd, which reads a body of unknown length for any
    /// Transfer-Encoding and silently prefers it over Content-Length: anything but a single
    /// `chunked` coding, both headers at once, or disagreeing lengths is `.invalid`
    /// (answered with 400), which also shuts the door on request smuggling through a proxy.
    var bodyFraming: RequestLifecycle.BodyFraming {
        let codings = values(for: "Transfer-Encoding")
        let lengths = values(for: "Content-Length")
        if !codings.isEmpty {
            guard lengths.isEmpty, codings.count == 1,
                HTTPHeaders.namesMatch(String(codings[0].trimmingASCIIWhitespace()), "chunked")
            else { return .invalid }
            return .chunked
        }
        guard let first = lengths.first else { return .none }
        guard lengths.allSatisfy({ $0 == first }) else { return .invalid }
        let digits = first.trimmingASCIIWhitespace()
        guard !digits.isEmpty, digits.utf8.allSatisfy({ (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) })
        else { return .invalid }
        // Digits only, so a nil here means the number does not fit: too large either way.
        guard let length = Int(digits) else { return .length(Int.max) }
        return length == 0 ? .none : .length(length)
    }
}

extension String {
    /// The string without leading and trailing spaces and tabs (HTTP's OWS).
    func trimmingASCIIWhitespace() -> Substring {
        let isWhitespace: (Character) -> Bool = { $0 == " " || $0 == "\t" }
        guard let start = firstIndex(where: { !isWhitespace($0) }) else { return "" }
        let end = lastIndex(where: { !isWhitespace($0) })!
        return self[start...end]
    }
}

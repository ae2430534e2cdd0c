import GrainSupport

/// Ordered `name=value` pairs from a query string or an
/// `application/x-www-form-urlencoded` body, decoded once.
package struct QueryParameters: Sendable, Equatable {
    package let pairs: [(name: String, value: String)]

    package init(pairs: [(name: String, value: String)] = []) { self.pairs = pairs }

    /// Parses `a=1&b=two+words&c`; a malformed escape is a 400.
    package init(parsing raw: Substring) throws(HTTPError) {
        var pairs: [(name: String, value: String)] = []
        for part in raw.split(separator: "&", omittingEmptySubsequences: true) {
            let name: Substring
            let value: Substring
            if let equals = part.firstIndex(of: "=") {
                name = part[..<equals]
                value = part[part.index(after: equals)...]
            } else {
                name = part
                value = ""
            }
            guard let decodedName = PercentEncoding.decode(name, plusIsSpace: true),
                let decodedValue = PercentEncoding.decode(value, plusIsSpace: true)
            else { throw HTTPError.badRequest("The request has a malformed percent-escape.") }
            pairs.append((name: decodedName, value: decodedValue))
        }
        self.pairs = pairs
    }

    package init(parsing raw: String?) throws(HTTPError) {
        try self.init(parsing: (raw ?? "")[...])
    }

    /// The first value for `name`.
    package subscript(name: String) -> String? { pairs.first { $0.name == name }?.value }

    package func values(_ name: String) -> [String] { pairs.filter { $0.name == name }.map(\.value) }

    package static func == (lhs: QueryParameters, rhs: QueryParameters) -> Bool {
        lhs.pairs.elementsEqual(rhs.pairs) { $0.name == $1.name && $0.value == $1.value }
    }
}

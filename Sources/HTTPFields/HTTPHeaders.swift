/// An ordered list of header fields with case-insensitive lookup, shared by the server
/// (requests it reads, responses it writes) and the client (the other way round), so
/// that code handling both sides speaks one type.
///
/// Order and duplicates are kept because they are observable (several `Set-Cookie`
/// fields, for example); names compare ASCII case-insensitively, as RFC 9110 requires.
package struct HTTPHeaders: Sendable, Equatable, Sequence, ExpressibleByDictionaryLiteral, ExpressibleByArrayLiteral {
    /// The fields, in order.
    package private(set) var fields: [(name: String, value: String)]

    package init(_ fields: [(String, String)] = []) {
        self.fields = fields.map { (name: $0.0, value: $0.1) }
    }

    /// Adopts already labelled fields without copying them (the server's request path).
    package init(fields: [(name: String, value: String)]) {
        self.fields = fields
    }

    package init(dictionaryLiteral elements: (String, String)...) {
        self.init(elements)
    }

    /// `[("Name", "value"), …]`: the literal form that allows repeated names.
    package init(arrayLiteral elements: (String, String)...) {
        self.init(elements)
    }

    /// The first value for `name`, or nil.
    package subscript(name: String) -> String? {
        fields.first { Self.namesMatch($0.name, name) }?.value
    }

    /// Every value for `name`, in order.
    package func values(for name: String) -> [String] {
        fields.filter { Self.namesMatch($0.name, name) }.map(\.value)
    }

    package func contains(_ name: String) -> Bool { self[name] != nil }

    package var count: Int { fields.count }

    /// Adds a field, keeping any existing ones of the same name.
    package mutating func add(_ name: String, _ value: String) {
        fields.append((name: name, value: value))
    }

    /// Appends `more` after the fields already there, in their order.
    package mutating func add(contentsOf more: [(name: String, value: String)]) {
        fields.append(contentsOf: more)
    }

    /// Replaces all fields named `name` with one field.
    package mutating func set(_ name: String, _ value: String) {
        remove(name)
        fields.append((name: name, value: value))
    }

    package mutating func remove(_ name: String) {
        // Looked for first: the server removes forwarding fields from every request that
        // has none, and `removeAll` would rewrite the array to find that out.
        guard fields.contains(where: { Self.namesMatch($0.name, name) }) else { return }
        fields.removeAll { Self.namesMatch($0.name, name) }
    }

    /// ASCII case-insensitive equality without allocating (field names are ASCII tokens;
    /// other bytes must match exactly).
    package static func namesMatch(_ lhs: String, _ rhs: String) -> Bool {
        guard lhs.utf8.count == rhs.utf8.count else { return false }
        // Index by index over the two views: every request looks up and removes fields
        // by name, and zipping the views cost several times as much.
        var left = lhs.utf8.startIndex
        var right = rhs.utf8.startIndex
        while left != lhs.utf8.endIndex {
            guard asciiLowercase(lhs.utf8[left]) == asciiLowercase(rhs.utf8[right]) else { return false }
            lhs.utf8.formIndex(after: &left)
            rhs.utf8.formIndex(after: &right)
        }
        return true
    }

    private static func asciiLowercase(_ byte: UInt8) -> UInt8 {
        byte &- UInt8(ascii: "A") < 26 ? byte | 0x20 : byte
    }

    package func makeIterator() -> IndexingIterator<[(name: String, value: String)]> {
        fields.makeIterator()
    }

    package static func == (lhs: HTTPHeaders, rhs: HTTPHeaders) -> Bool {
        lhs.fields.elementsEqual(rhs.fields) { $0.name == $1.name && $0.value == $1.value }
    }
}

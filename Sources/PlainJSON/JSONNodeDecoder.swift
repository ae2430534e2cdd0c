/// The `Decoder` behind `WorkerJSON.decode`: reads a parsed `JSONNode` tree.
struct JSONNodeDecoder: Decoder {
    let node: JSONNode
    let codingPath: [any CodingKey]
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    static func failure(_ what: String, at path: [any CodingKey]) -> WorkerJSON.Failure {
        WorkerJSON.Failure("\(what) at \(path.map(\.stringValue).joined(separator: "."))")
    }

    /// The `Value` that `node` holds: scalars directly, everything else through its
    /// `init(from:)`.
    static func value<Value: Decodable>(_ type: Value.Type, from node: JSONNode, codingPath: [any CodingKey]) throws -> Value {
        switch (type, node) {
        case (is Bool.Type, .bool(let value)): return value as! Value
        case (is String.Type, .string(let value)): return value as! Value
        case (is Bool.Type, _), (is String.Type, _): throw failure("expected \(type)", at: codingPath)
        default: break
        }
        if let number = type as? any (Decodable & LosslessStringConvertible).Type {
            guard case .number(let text) = node, let value = number.init(text) else {
                throw failure("expected a number that fits \(type)", at: codingPath)
            }
            return value as! Value
        }
        return try Value(from: JSONNodeDecoder(node: node, codingPath: codingPath))
    }

    func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
        guard case .object(let members) = node else { throw Self.failure("expected an object", at: codingPath) }
        return KeyedDecodingContainer(Keyed(members: members, codingPath: codingPath))
    }

    func unkeyedContainer() throws -> any UnkeyedDecodingContainer {
        guard case .array(let items) = node else { throw Self.failure("expected an array", at: codingPath) }
        return Unkeyed(items: items, codingPath: codingPath)
    }

    func singleValueContainer() throws -> any SingleValueDecodingContainer { Single(node: node, codingPath: codingPath) }

    /// Members of an object, looked up by name.
    struct Keyed<Key: CodingKey>: KeyedDecodingContainerProtocol {
        let members: [(String, JSONNode)]
        let codingPath: [any CodingKey]
        var allKeys: [Key] { members.compactMap { Key(stringValue: $0.0) } }

        func contains(_ key: Key) -> Bool { members.contains { $0.0 == key.stringValue } }

        private func node(_ key: Key) throws -> JSONNode {
            guard let node = members.first(where: { $0.0 == key.stringValue })?.1 else {
                throw JSONNodeDecoder.failure("no member \(key.stringValue)", at: codingPath)
            }
            return node
        }

        func decodeNil(forKey key: Key) throws -> Bool { try node(key) == .null }
        func decode<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T {
            try JSONNodeDecoder.value(type, from: try node(key), codingPath: codingPath + [key])
        }
        func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type, forKey key: Key) throws -> KeyedDecodingContainer<NestedKey> {
            try JSONNodeDecoder(node: try node(key), codingPath: codingPath + [key]).container(keyedBy: type)
        }
        func nestedUnkeyedContainer(forKey key: Key) throws -> any UnkeyedDecodingContainer {
            try JSONNodeDecoder(node: try node(key), codingPath: codingPath + [key]).unkeyedContainer()
        }
        func superDecoder() throws -> any Decoder {
            JSONNodeDecoder(node: members.first { $0.0 == "super" }?.1 ?? .null, codingPath: codingPath)
        }
        func superDecoder(forKey key: Key) throws -> any Decoder { JSONNodeDecoder(node: try node(key), codingPath: codingPath + [key]) }
    }

    /// Items of an array, read in order.
    struct Unkeyed: UnkeyedDecodingContainer {
        let items: [JSONNode]
        let codingPath: [any CodingKey]
        var currentIndex = 0
        var count: Int? { items.count }
        var isAtEnd: Bool { currentIndex >= items.count }

        init(items: [JSONNode], codingPath: [any CodingKey]) {
            self.items = items
            self.codingPath = codingPath
        }

        private mutating func next() throws -> JSONNode {
            guard !isAtEnd else { throw JSONNodeDecoder.failure("the array ends early", at: codingPath) }
            defer { currentIndex += 1 }
            return items[currentIndex]
        }

        mutating func decodeNil() throws -> Bool {
            guard !isAtEnd, items[currentIndex] == .null else { return false }
            currentIndex += 1
            return true
        }
        mutating func decode<T: Decodable>(_ type: T.Type) throws -> T {
            try JSONNodeDecoder.value(type, from: try next(), codingPath: codingPath)
        }
        mutating func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type) throws -> KeyedDecodingContainer<NestedKey> {
            try JSONNodeDecoder(node: try next(), codingPath: codingPath).container(keyedBy: type)
        }
        mutating func nestedUnkeyedContainer() throws -> any UnkeyedDecodingContainer {
            try JSONNodeDecoder(node: try next(), codingPath: codingPath).unkeyedContainer()
        }
        mutating func superDecoder() throws -> any Decoder { JSONNodeDecoder(node: try next(), codingPath: codingPath) }
    }

    /// The node itself, as one value.
    struct Single: SingleValueDecodingContainer {
        let node: JSONNode
        let codingPath: [any CodingKey]

        func decodeNil() -> Bool { node == .null }
        func decode<T: Decodable>(_ type: T.Type) throws -> T { try JSONNodeDecoder.value(type, from: node, codingPath: codingPath) }
    }
}

/// The `Encoder` behind `WorkerJSON.encode`: builds a `JSONNode` tree through slots that
/// containers fill in, so a nested container handed out early can still be written to.
final class JSONNodeEncoder: Encoder {
    /// A value still being built: unset, a finished node, or a container of slots.
    final class Slot {
        enum Content {
            case unset
            case node(JSONNode)
            case array([Slot])
            case object([(String, Slot)])
        }
        var content = Content.unset

        var node: JSONNode {
            switch content {
            case .unset: .object([])
            case .node(let node): node
            case .array(let slots): .array(slots.map(\.node))
            case .object(let members): .object(members.map { ($0.0, $0.1.node) })
            }
        }

        /// A new slot appended to this array slot (made an array if still unset).
        func appended() -> Slot {
            let slot = Slot()
            if case .array(var slots) = content {
                slots.append(slot)
                content = .array(slots)
            } else {
                content = .array([slot])
            }
            return slot
        }

        /// The slot for member `key` of this object slot, replacing an earlier one.
        func member(_ key: String) -> Slot {
            let slot = Slot()
            var members: [(String, Slot)] = []
            if case .object(let existing) = content { members = existing.filter { $0.0 != key } }
            members.append((key, slot))
            content = .object(members)
            return slot
        }
    }

    let slot: Slot
    let codingPath: [any CodingKey]
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    init(slot: Slot, codingPath: [any CodingKey]) {
        self.slot = slot
        self.codingPath = codingPath
    }

    /// The node for `value`: scalars directly, everything else through its `encode(to:)`.
    static func node<Value: Encodable>(for value: Value, codingPath: [any CodingKey] = []) throws(WorkerJSON.Failure) -> JSONNode {
        switch value {
        case let value as Bool: return .bool(value)
        case let value as String: return .string(value)
        case let value as Double:
            guard value.isFinite else { throw WorkerJSON.Failure("\(value) at \(codingPath.map(\.stringValue)) has no JSON form") }
            return .number(value.description)
        case let value as Float:
            guard value.isFinite else { throw WorkerJSON.Failure("\(value) at \(codingPath.map(\.stringValue)) has no JSON form") }
            return .number(value.description)
        case let value as any BinaryInteger: return .number(value.description)
        default:
            let slot = Slot()
            do {
                try value.encode(to: JSONNodeEncoder(slot: slot, codingPath: codingPath))
            } catch let failure as WorkerJSON.Failure {
                throw failure
            } catch {
                throw WorkerJSON.Failure("\(error)")
            }
            return slot.node
        }
    }

    func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
        if case .object = slot.content {} else { slot.content = .object([]) }
        return KeyedEncodingContainer(Keyed(slot: slot, codingPath: codingPath))
    }

    func unkeyedContainer() -> any UnkeyedEncodingContainer {
        if case .array = slot.content {} else { slot.content = .array([]) }
        return Unkeyed(slot: slot, codingPath: codingPath)
    }

    func singleValueContainer() -> any SingleValueEncodingContainer { Single(slot: slot, codingPath: codingPath) }

    /// A keyed container writing members of an object slot.
    struct Keyed<Key: CodingKey>: KeyedEncodingContainerProtocol {
        let slot: Slot
        let codingPath: [any CodingKey]

        mutating func encodeNil(forKey key: Key) throws { slot.member(key.stringValue).content = .node(.null) }
        mutating func encode<T: Encodable>(_ value: T, forKey key: Key) throws {
            slot.member(key.stringValue).content = .node(try JSONNodeEncoder.node(for: value, codingPath: codingPath + [key]))
        }
        mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type, forKey key: Key) -> KeyedEncodingContainer<NestedKey> {
            JSONNodeEncoder(slot: slot.member(key.stringValue), codingPath: codingPath + [key]).container(keyedBy: keyType)
        }
        mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
            JSONNodeEncoder(slot: slot.member(key.stringValue), codingPath: codingPath + [key]).unkeyedContainer()
        }
        mutating func superEncoder() -> any Encoder { JSONNodeEncoder(slot: slot.member("super"), codingPath: codingPath) }
        mutating func superEncoder(forKey key: Key) -> any Encoder {
            JSONNodeEncoder(slot: slot.member(key.stringValue), codingPath: codingPath + [key])
        }
    }

    /// An unkeyed container appending to an array slot.
    struct Unkeyed: UnkeyedEncodingContainer {
        let slot: Slot
        let codingPath: [any CodingKey]
        var count: Int {
            if case .array(let slots) = slot.content { return slots.count }
            return 0
        }

        mutating func encodeNil() throws { slot.appended().content = .node(.null) }
        mutating func encode<T: Encodable>(_ value: T) throws {
            slot.appended().content = .node(try JSONNodeEncoder.node(for: value, codingPath: codingPath))
        }
        mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type) -> KeyedEncodingContainer<NestedKey> {
            JSONNodeEncoder(slot: slot.appended(), codingPath: codingPath).container(keyedBy: keyType)
        }
        mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer {
            JSONNodeEncoder(slot: slot.appended(), codingPath: codingPath).unkeyedContainer()
        }
        mutating func superEncoder() -> any Encoder { JSONNodeEncoder(slot: slot.appended(), codingPath: codingPath) }
    }

    /// A single value written into the slot itself.
    struct Single: SingleValueEncodingContainer {
        let slot: Slot
        let codingPath: [any CodingKey]

        mutating func encodeNil() throws { slot.content = .node(.null) }
        mutating func encode<T: Encodable>(_ value: T) throws {
            slot.content = .node(try JSONNodeEncoder.node(for: value, codingPath: codingPath))
        }
    }
}

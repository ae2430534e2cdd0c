/// Decodes a JSON array element by element, keeping the elements that decode and
/// dropping the rest, so one malformed story in an AppView response hides that story
/// instead of the whole strip.
struct LossyArray<Element: Decodable>: Decodable {
    var elements: [Element]
    /// How many elements did not decode and were left out.
    var droppedCount = 0

    init(from decoder: any Decoder) throws {
        var container = try decoder.unkeyedContainer()
        var elements: [Element] = []
        while !container.isAtEnd {
            if let element = try? container.decode(Element.self) {
                elements.append(element)
            } else {
                _ = try? container.decode(Skipped.self)
                droppedCount += 1
            }
        }
        self.elements = elements
    }

    /// Consumes one value of any shape.
    private struct Skipped: Decodable {
        init(from decoder: any Decoder) throws {}
    }
}

extension KeyedDecodingContainer {
    /// An array that tolerates bad elements; absent or null is empty.
    package func decodeLossyArray<Element: Decodable>(_ type: Element.Type, forKey key: Key) -> [Element] {
        (try? decodeIfPresent(LossyArray<Element>.self, forKey: key))??.elements ?? []
    }

    /// An array that tolerates bad elements but must be there: an answer without its
    /// list is not the answer asked for (an error page, another endpoint), not an empty one.
    func decodeRequiredLossyArray<Element: Decodable>(_ type: Element.Type, forKey key: Key) throws -> [Element] {
        guard contains(key) else {
            throw DecodingError.keyNotFound(key, .init(codingPath: codingPath, debugDescription: "no \(key.stringValue) list"))
        }
        return decodeLossyArray(type, forKey: key)
    }

    /// An optional value that is nil when absent, null, or of the wrong shape.
    func decodeTolerantly<Value: Decodable>(_ type: Value.Type, forKey key: Key) -> Value? {
        (try? decodeIfPresent(type, forKey: key)) ?? nil
    }
}

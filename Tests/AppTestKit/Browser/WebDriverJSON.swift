public import Foundation

/// A JSON value for the WebDriver wire protocol (numbers are doubles: animation times,
/// coordinates), able to cross concurrency domains.
public indirect enum WebDriverJSON: Sendable, Equatable, CustomStringConvertible {
    case null
    case bool(Bool)
    case number(Double)
    case string(String)
    case array([WebDriverJSON])
    case object([String: WebDriverJSON])

    /// Parsed with `JSONDecoder`, which keeps `true` apart from `1` (JSONSerialization
    /// on Linux hands both back as the same kind of number).
    public init(parsing data: Data) throws {
        self = try JSONDecoder().decode(WebDriverJSON.self, from: data)
    }

    var any: Any {
        switch self {
        case .null: NSNull()
        case .bool(let value): value
        case .number(let value): value
        case .string(let value): value
        case .array(let value): value.map(\.any)
        case .object(let value): value.mapValues(\.any)
        }
    }

    public func encoded() -> Data {
        (try? JSONSerialization.data(withJSONObject: any, options: [.fragmentsAllowed])) ?? Data("null".utf8)
    }

    public subscript(key: String) -> WebDriverJSON? {
        if case .object(let object) = self { return object[key] }
        return nil
    }

    public var string: String? { if case .string(let value) = self { value } else { nil } }
    public var double: Double? { if case .number(let value) = self { value } else { nil } }
    public var bool: Bool? { if case .bool(let value) = self { value } else { nil } }
    public var array: [WebDriverJSON]? { if case .array(let value) = self { value } else { nil } }

    public var description: String { String(decoding: encoded(), as: UTF8.self) }
}

extension WebDriverJSON: Decodable {
    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if container.decodeNil() { self = .null }
        else if let value = try? container.decode(Bool.self) { self = .bool(value) }
        else if let value = try? container.decode(Double.self) { self = .number(value) }
        else if let value = try? container.decode(String.self) { self = .string(value) }
        else if let value = try? container.decode([WebDriverJSON].self) { self = .array(value) }
        else { self = .object(try container.decode([String: WebDriverJSON].self)) }
    }
}

extension WebDriverJSON: ExpressibleByStringLiteral, ExpressibleByIntegerLiteral, ExpressibleByBooleanLiteral,
    ExpressibleByArrayLiteral, ExpressibleByDictionaryLiteral, ExpressibleByFloatLiteral {
    public init(stringLiteral value: String) { self = .string(value) }
    public init(integerLiteral value: Int) { self = .number(Double(value)) }
    public init(floatLiteral value: Double) { self = .number(value) }
    public init(booleanLiteral value: Bool) { self = .bool(value) }
    public init(arrayLiteral elements: WebDriverJSON...) { self = .array(elements) }
    public init(dictionaryLiteral elements: (String, WebDriverJSON)...) { self = .object(Dictionary(elements, uniquingKeysWith: { $1 })) }
}

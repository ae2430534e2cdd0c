package import Foundation

/// A JSON value for the WebDriver wire protocol (numbers are doubles: animation times,
/// coordinates), able to cross concurrency domains.
package indirect enum WebDriverJSON: Sendable, Equatable, CustomStringConvertible {
    case null
    case bool(Bool)
    case number(Double)
    case string(String)
    case array([WebDriverJSON])
    case object([String: WebDriverJSON])

    /// Parsed with `JSONDecoder`, which keeps `true` apart from `1` (JSONSerialization
    /// on Linux hands both back as the same kind of number).
    package init(parsing data: Data) throws {
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

    package func encoded() -> Data {
        (try? JSONSerialization.data(withJSONObject: any, options: [.fragmentsAllowed])) ?? Data("null".utf8)
    }

    /// This object with `key` set to `value` (a non-object is returned unchanged).
    package func adding(_ key: String, _ value: WebDriverJSON) -> WebDriverJSON {
        guard case .object(var object) = self else { return self }
        object[key] = value
        return .object(object)
    }

    package subscript(key: String) -> WebDriverJSON? {
        if case .object(let object) = self { return object[key] }
        return nil
    }

    package var string: String? { if case .string(let value) = self { value } else { nil } }
    package var double: Double? { if case .number(let value) = self { value } else { nil } }
    package var bool: Bool? { if case .bool(let value) = self { value } else { nil } }
    package var array: [WebDriverJSON]? { if case .array(let value) = self { value } else { nil } }

    package var description: String { String(decoding: encoded(), as: UTF8.self) }
}

extension WebDriverJSON: Decodable {
    package init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if container.decodeNil() {
            self = .null
        } else if let value = try? container.decode(Bool.self) {
            self = .bool(value)
        } else if let value = try? container.decode(Double.self) {
            self = .number(value)
        } else if let value = try? container.decode(String.self) {
            self = .string(value)
        } else if let value = try? container.decode([WebDriverJSON].self) {
            self = .array(value)
        } else {
            self = .object(try container.decode([String: WebDriverJSON].self))
        }
    }
}

extension WebDriverJSON: ExpressibleByStringLiteral, ExpressibleByIntegerLiteral, ExpressibleByBooleanLiteral,
    ExpressibleByArrayLiteral, ExpressibleByDictionaryLiteral, ExpressibleByFloatLiteral
{
    package init(stringLiteral value: String) { self = .string(value) }
    package init(integerLiteral value: Int) { self = .number(Double(value)) }
    package init(floatLiteral value: Double) { self = .number(value) }
    package init(booleanLiteral value: Bool) { self = .bool(value) }
    package init(arrayLiteral elements: WebDriverJSON...) { self = .array(elements) }
    package init(dictionaryLiteral elements: (String, WebDriverJSON)...) { self = .object(Dictionary(elements, uniquingKeysWith: { $1 })) }
}

// TEMPORARY STUB of the HTMLTemplates API, replaced when the engine lands.
public indirect enum TemplateValue: Sendable, Equatable {
    case string(String)
    case int(Int)
    case bool(Bool)
    case list([TemplateValue])
    case object([String: TemplateValue])
    case null
    case unsafeTrustedHTML(String)
}

extension TemplateValue: ExpressibleByStringLiteral, ExpressibleByIntegerLiteral, ExpressibleByBooleanLiteral, ExpressibleByArrayLiteral, ExpressibleByDictionaryLiteral {
    public init(stringLiteral value: String) { self = .string(value) }
    public init(integerLiteral value: Int) { self = .int(value) }
    public init(booleanLiteral value: Bool) { self = .bool(value) }
    public init(arrayLiteral elements: TemplateValue...) { self = .list(elements) }
    public init(dictionaryLiteral elements: (String, TemplateValue)...) { self = .object(Dictionary(elements, uniquingKeysWith: { $1 })) }
}

public struct TemplateError: Error, Sendable, CustomStringConvertible {
    public var description: String
}

public struct TemplateLibrary: Sendable {
    public init(directory: String, strict: Bool = false) throws(TemplateError) {}
    public init(sources: [String: String], strict: Bool = false) throws(TemplateError) {}
    public var names: [String] { [] }
    public func contains(_ name: String) -> Bool { false }
    public func render(_ name: String, _ context: [String: TemplateValue]) throws(TemplateError) -> String {
        throw TemplateError(description: "stub")
    }
}

/// A procedure's JSON input, with field accessors that fail the way the reference's
/// lexicon validation does (`Input must have the property "repo"`, `Input/repo must be
/// a string`).
struct XRPCInput {
    let members: [String: JSONValue]

    /// Parses the body of a JSON procedure, checking `Content-Type` first.
    init(_ request: XRPCRequest) throws(XRPCFailure) {
        guard let type = request.contentType, !type.isEmpty else {
            throw .invalidRequest("Request encoding (Content-Type) required but not provided")
        }
        guard type == "application/json" else { throw .invalidRequest("Wrong request encoding (Content-Type): \(type)") }
        let value: JSONValue
        do {
            value = try JSONValue(parsing: request.body)
        } catch {
            throw .invalidRequest("Invalid JSON body: \(error.message)")
        }
        guard case .object(let members) = value else { throw .invalidRequest("Input must be an object") }
        self.members = members
    }

    func string(_ key: String) throws(XRPCFailure) -> String {
        guard let value = try optionalString(key) else { throw .invalidRequest("Input must have the property \"\(key)\"") }
        return value
    }

    func optionalString(_ key: String) throws(XRPCFailure) -> String? {
        switch members[key] {
        case nil, .null?: return nil
        case .string(let text)?: return text
        default: throw .invalidRequest("Input/\(key) must be a string")
        }
    }

    func optionalBool(_ key: String) throws(XRPCFailure) -> Bool? {
        switch members[key] {
        case nil, .null?: return nil
        case .bool(let flag)?: return flag
        default: throw .invalidRequest("Input/\(key) must be a boolean")
        }
    }

    func object(_ key: String) throws(XRPCFailure) -> [String: JSONValue] {
        switch members[key] {
        case nil: throw .invalidRequest("Input must have the property \"\(key)\"")
        case .object(let value)?: return value
        default: throw .invalidRequest("Input/\(key) must be an object")
        }
    }

    /// Whether `key` is present with an explicit JSON `null`.
    func isNull(_ key: String) -> Bool { members[key] == .null }
}

extension XRPCRequest {
    /// A required query parameter, failing like the reference's parameter validation.
    func requiredParameter(_ name: String) throws(XRPCFailure) -> String {
        guard let value = parameter(name), !value.isEmpty else {
            throw .invalidRequest("Params must have the property \"\(name)\"")
        }
        return value
    }
}

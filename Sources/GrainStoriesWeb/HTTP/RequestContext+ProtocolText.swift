import ATProto

extension RequestContext {
    /// A path parameter decoded as a typed value: this is where a DID, handle, record
    /// key or draft id from a URL is checked, once. A missing or malformed one names
    /// nothing, so it is a 404 like any other address that does not exist.
    func parameter<Value: RouteParameter>(_ name: String, as type: Value.Type) throws(HTTPError) -> Value {
        guard let value = Value(routeParameter: try parameter(name)) else { throw HTTPError.notFound }
        return value
    }

    /// The `:actor` of a URL: a DID, or a handle in any case.
    func actorParameter() throws(HTTPError) -> ATIdentifier {
        try parameter("actor", as: ATIdentifier.self)
    }
}

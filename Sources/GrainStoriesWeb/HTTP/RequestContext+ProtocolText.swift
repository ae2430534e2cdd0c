import ATProto
extension RequestContext {
    /// A path parameter decoded as a protocol value: this is where a DID, handle or
    /// record key from a URL is checked, once. A malformed one names nothing, so it is
    /// a 404 like any other address that does not exist.
    func parameter<Value: ProtocolText>(_ name: String, as type: Value.Type) throws(HTTPError) -> Value {
        guard let value = Value(wireText: parameter(name)) else { throw HTTPError.notFound }
        return value
    }

    /// The `:actor` of a URL: a DID, or a handle in any case.
    func actorParameter() throws(HTTPError) -> ATIdentifier {
        guard let actor = ATIdentifier(parameter("actor")) else { throw HTTPError.notFound }
        return actor
    }
}

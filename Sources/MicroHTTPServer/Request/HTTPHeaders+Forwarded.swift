extension HTTPHeaders {
    /// The fields only a reverse proxy may set: who the client is, and the scheme and
    /// host it used.
    static let forwardedFieldNames = ["X-Forwarded-For", "X-Forwarded-Proto", "X-Forwarded-Host", "Forwarded"]

    /// Drops the forwarded fields from a request that did not come through a trusted
    /// proxy, so no handler can be fooled by them: any visitor could otherwise send
    /// `X-Forwarded-Proto: https` and have cookies marked Secure (or name another host).
    mutating func removeForwardedFields() {
        for name in Self.forwardedFieldNames { remove(name) }
    }
}

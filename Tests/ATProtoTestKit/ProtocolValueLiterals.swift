package import ATProto

/// Tests write DIDs, handles, record keys, AT URIs, datetimes and CIDs as literals; the
/// application never does (its values are decoded at the boundary), so these
/// conformances live here. A malformed literal is a bug in the test and stops it.
extension ProtocolText {
    fileprivate init(literal: String) {
        guard let value = Self(wireText: literal) else { preconditionFailure("not a \(Self.kind): \(literal)") }
        self = value
    }
}

extension DID: ExpressibleByStringLiteral {
    package init(stringLiteral value: String) { self.init(literal: value) }
}

extension Handle: ExpressibleByStringLiteral {
    package init(stringLiteral value: String) { self.init(literal: value) }
}

extension RecordKey: ExpressibleByStringLiteral {
    package init(stringLiteral value: String) { self.init(literal: value) }
}

extension ATURI: ExpressibleByStringLiteral {
    package init(stringLiteral value: String) { self.init(literal: value) }
}

extension ATIdentifier: ExpressibleByStringLiteral {
    package init(stringLiteral value: String) { self.init(literal: value) }
}

extension Datetime: ExpressibleByStringLiteral {
    package init(stringLiteral value: String) { self.init(literal: value) }
}

/// Spelled with its module: this kit has a `CID` of its own (one made from bytes).
extension ATProto.CID: ExpressibleByStringLiteral {
    package init(stringLiteral value: String) { self.init(literal: value) }
}

extension FakePDS.Account {
    /// The account's DID as the application holds it.
    package var typedDID: DID {
        guard let value = DID(did) else { preconditionFailure("the fake account's DID is malformed: \(did)") }
        return value
    }
}

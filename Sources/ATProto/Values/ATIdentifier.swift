/// Who an URL or a person names: a DID or a handle (the lexicons' `at-identifier`).
package enum ATIdentifier: Hashable, Sendable {
    case did(DID)
    case handle(Handle)

    /// `text` as written in a URL or typed: a DID if it starts with `did:`, else a
    /// handle (a leading `@` and capitals accepted); nil when it is neither.
    package init?(_ text: some StringProtocol) {
        if text.hasPrefix("did:") {
            guard let did = DID(text) else { return nil }
            self = .did(did)
        } else {
            guard let handle = Handle(text) else { return nil }
            self = .handle(handle)
        }
    }

    package var did: DID? {
        if case .did(let did) = self { return did }
        return nil
    }

    package var handle: Handle? {
        if case .handle(let handle) = self { return handle }
        return nil
    }
}

extension ATIdentifier: ProtocolText {
    package static let kind = "DID or handle"

    package init?(wireText text: String) {
        if text.hasPrefix("did:") {
            guard let did = DID(text) else { return nil }
            self = .did(did)
        } else {
            guard let handle = Handle(exactly: text) else { return nil }
            self = .handle(handle)
        }
    }

    package var rawValue: String {
        switch self {
        case .did(let did): did.rawValue
        case .handle(let handle): handle.rawValue
        }
    }
}

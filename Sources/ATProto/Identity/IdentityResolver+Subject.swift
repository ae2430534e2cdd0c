extension IdentityResolver {
    /// What the person entered, checked: a resolvable DID or a handle.
    enum Subject: Equatable {
        case did(DID)
        case handle(Handle)

        init(_ identifier: String) throws(IdentityError) {
            var text = Substring(identifier)
            while text.first?.isWhitespace == true { text.removeFirst() }
            while text.last?.isWhitespace == true { text.removeLast() }
            if text.hasPrefix("at://") { text = text.dropFirst(5) }
            if text.hasPrefix("did:") {
                guard let did = DID(text), did.isResolvable else { throw .unsupportedDID }
                self = .did(did)
                return
            }
            guard let handle = Handle(text) else { throw .invalidHandle }
            self = .handle(handle)
        }

        var handle: Handle? {
            if case .handle(let handle) = self { return handle }
            return nil
        }
    }
}

extension IdentityResolver {
    /// What the person entered, checked: a supported DID or a canonical handle.
    enum Subject: Equatable {
        case did(String)
        case handle(String)

        init(_ identifier: String) throws(IdentityError) {
            var text = Substring(identifier)
            while text.first?.isWhitespace == true { text.removeFirst() }
            while text.last?.isWhitespace == true { text.removeLast() }
            if text.hasPrefix("at://") { text = text.dropFirst(5) }
            if text.hasPrefix("did:") {
                guard DIDSyntax.isSupported(String(text)) else { throw .unsupportedDID }
                self = .did(String(text))
                return
            }
            guard let handle = HandleSyntax.normalised(String(text)) else { throw .invalidHandle }
            self = .handle(handle)
        }

        var handle: String? {
            if case .handle(let handle) = self { return handle }
            return nil
        }
    }
}

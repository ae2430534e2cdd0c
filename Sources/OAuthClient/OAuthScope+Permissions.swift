/// What a granted scope allows, by AT Protocol permission semantics
/// (`ScopePermission`): a write or an upload is allowed when any one token allows it.
/// Tokens this server does not understand, or cannot parse, allow nothing.
extension OAuthScope {
    /// The tokens read as permissions, unknown and malformed ones left out.
    package var permissions: [ScopePermission] { tokens.compactMap(ScopePermission.init) }

    /// Whether the scope allows `action` on records of `collection` (an NSID; anything
    /// else is never allowed).
    package func allowsRepo(_ collection: String, action: RepoAction) -> Bool {
        permissions.contains { $0.allowsRepo(collection, action: action) }
    }

    /// Whether the scope allows uploading a blob of `mimeType` (`image/jpeg`, parameters
    /// ignored; a range such as `image/*` must be covered whole).
    package func allowsBlob(mimeType: String) -> Bool {
        permissions.contains { $0.allowsBlob(mimeType: mimeType) }
    }
}

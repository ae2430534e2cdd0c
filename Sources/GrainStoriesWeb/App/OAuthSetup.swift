import Accounts
import GrainSupport
import OAuthClient

/// Builds this server as an OAuth client when `--oauth` is on: its keys (made on first
/// start), the store of its sessions' grants, and the client identity published at
/// `--public-url` (`client_id` = the metadata document's URL).
enum OAuthSetup {
    static func sessions(
        configuration: AppConfiguration, data: DataDirectory, edges: GrainStoriesApp.Edges
    ) throws(ConfigurationError) -> OAuthSessions? {
        guard configuration.oauth.offersOAuth, let publicURL = configuration.publicURL else { return nil }
        do {
            let keys = try OAuthClientKeys.load(directory: data.oauthClientKeys)
            let grants = try OAuthGrantFiles(directory: data.oauthSessions)
            let identity = keys.identity(
                clientID: publicURL + OAuthClientDocuments.metadataPath, redirectURI: publicURL + OAuthClientDocuments.callbackPath,
                scope: GrainStoriesScope.requested)
            let client = OAuthClient(http: edges.http, identity: LocatingIdentityLookup(edges.identity), client: identity, now: edges.now)
            return OAuthSessions(client: client, grants: grants, keys: keys, identity: edges.identity)
        } catch {
            throw ConfigurationError("the OAuth keys or sessions in \(data.root) cannot be read or created: \(error)")
        }
    }
}

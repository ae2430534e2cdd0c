import ATProto
import Accounts
import Activity
import CurlHTTPClient
import FoundationEssentials
import GrainSupport
import Social
import Viewing

/// Builds `ActivityCenter` for the composition root: with `--activity off` only the
/// stored activity (the page says activity is off); otherwise the VAPID key, the push
/// notifier, the record checks and the Jetstream follower over the configured hosts.
enum ActivitySetup {
    static func center(
        configuration: AppConfiguration, data: DataDirectory, repositories: Repositories, sessions: SessionStore, hidden: HiddenAuthors,
        identity: any IdentityResolving, http: OutboundHTTP, logger: Logger, now: @escaping @Sendable () -> Date
    ) throws(ConfigurationError) -> ActivityCenter {
        let unseen = UnseenCounts(repository: repositories.activity)
        guard configuration.activity else {
            return ActivityCenter(
                repository: repositories.activity, subscriptions: repositories.pushSubscriptions, unseen: unseen, follower: nil, vapid: nil,
                seen: repositories.seen, logger: logger, now: now)
        }
        let vapid = try VAPIDKey.loadOrCreate(at: data.vapidKey)
        let notifier = PushNotifier(
            subscriptions: repositories.pushSubscriptions, vapid: vapid, contact: pushContact(configuration), http: http, logger: logger, now: now)
        let subjects = PDSActivitySubjects(
            http: http,
            locate: { did in
                if let session = try? await sessions.newestSession(of: did) { return session.pdsURL }
                return try? await identity.locate(identifier: did.rawValue, pdsOverride: nil).pdsURL
            }, now: now)
        let ingest = ActivityIngest(
            repository: repositories.activity, subjects: subjects, audience: HiddenAuthorsAudience(hidden: hidden, sessions: sessions),
            local: { sessions.signedInAccounts() },
            added: { item, certain in
                await unseen.added(for: item.recipient)
                if certain { await notifier.notify(item) }
            },
            removed: { await unseen.recount() }, logger: logger)
        let insecureHosts = configuration.insecureHosts
        let settings = JetstreamFollower.Settings(
            hosts: try configuration.followedJetstreamHosts(),
            userAgent: "GrainStories/\(GrainStoriesVersion.current) (self-hosted)",
            addressRefusal: { host, bytes in
                host.isInsecureAllowed(insecureHosts) ? nil : HTTPClientConfiguration.AddressPolicy.publicOnly.refusal(ofAddress: bytes)
            })
        return ActivityCenter(
            repository: repositories.activity, subscriptions: repositories.pushSubscriptions, unseen: unseen,
            follower: JetstreamFollower(settings: settings, ingest: ingest, logger: logger, now: now), vapid: vapid, seen: repositories.seen,
            logger: logger, now: now)
    }

    /// The VAPID `sub` claim: the operator's contact as a mailto: or https: URI, else the
    /// server's public address; nil when neither is known.
    static func pushContact(_ configuration: AppConfiguration) -> String? {
        let contact = configuration.operatorContact
        if contact.hasPrefix("mailto:") || contact.hasPrefix("https://") { return contact }
        if contact.contains("@"), !contact.contains(" ") { return "mailto:" + contact }
        if let url = configuration.publicURL, url.hasPrefix("https://") { return url }
        return nil
    }
}

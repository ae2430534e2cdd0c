import ATProto
import Accounts
import Activity
import FoundationEssentials
import GrainSupport
import MicroHTTPServer
import P256
import Posting

/// The push script's three calls, for the signed-in account on this browser (each only
/// from the page's own script: the custom header it sends cannot be set by another site
/// without a CORS preflight, which this server never grants; the changes also carry the
/// form token):
/// - `GET /activity/push?endpoint=…`: whether this browser's subscription is on for the
///   account, and for which kinds (JSON);
/// - `POST /activity/push`: turns it on, or changes the kinds (`endpoint`, `p256dh`, `auth`
///   as the Push API gives them, and a field per chosen kind);
/// - `POST /activity/push/off`: turns it off for this account.
struct PushSubscriptionEndpoint: Sendable {
    /// Browsers per account: a script cannot grow the list without end.
    static let maxPerAccount = 20
    static let maxEndpointBytes = 2048

    let pages: PageRenderer
    let center: ActivityCenter
    let insecureHosts: Set<String>

    func show(_ context: RequestContext) async throws -> HTTPResponse {
        guard context.isScriptFetch else { throw HTTPError.forbidden("This address is only for the Activity page's script.") }
        let account = try context.requireAccount()
        let endpoint = context.query["endpoint"] ?? ""
        let found = try? await center.subscriptions.subscription(endpoint: endpoint, account: account.did)
        let kinds = (found?.groups ?? []).map { "\"\($0.rawValue)\"" }.sorted().joined(separator: ",")
        return Self.json(#"{"subscribed":\#(found != nil),"kinds":[\#(kinds)]}"#)
    }

    func turnOn(_ context: RequestContext) async throws -> HTTPResponse {
        let (account, form) = try check(context)
        guard center.vapid != nil else { throw HTTPError(.conflict, "Activity is turned off on this server, so there is nothing to push.") }
        let endpoint = try Self.endpoint(form["endpoint"], insecureHosts: insecureHosts)
        guard let p256dh = form["p256dh"].flatMap(Base64URL.decode), (try? P256.PublicKey(uncompressedPoint: p256dh)) != nil else {
            throw HTTPError.badRequest("The browser's key (p256dh) is not a P-256 public key.")
        }
        guard let auth = form["auth"].flatMap(Base64URL.decode), auth.count == 16 else {
            throw HTTPError.badRequest("The browser's authentication secret (auth) is not 16 bytes.")
        }
        let groups = Set(PushGroup.allCases.filter { form[$0.rawValue] == "on" })
        do {
            let existing = try await center.subscriptions.subscriptions(for: account.did)
            guard existing.contains(where: { $0.endpoint == endpoint }) || existing.count < Self.maxPerAccount else {
                throw HTTPError(.conflict, "Push is on in \(Self.maxPerAccount) browsers for this account already; turn it off in one first.")
            }
            try await center.subscriptions.save(PushSubscription(account: account.did, endpoint: endpoint, p256dh: p256dh, auth: auth, groups: groups))
        } catch let error as HTTPError {
            throw error
        } catch {
            throw HTTPError(.serviceUnavailable, "Push could not be turned on just now. Please try again in a minute.")
        }
        return HTTPResponse(status: .noContent)
    }

    func turnOff(_ context: RequestContext) async throws -> HTTPResponse {
        let (account, form) = try check(context)
        let endpoint = form["endpoint"] ?? ""
        do {
            try await center.subscriptions.remove(endpoint: endpoint, account: account.did)
        } catch {
            throw HTTPError(.serviceUnavailable, "Push could not be turned off just now. Please try again in a minute.")
        }
        return HTTPResponse(status: .noContent)
    }

    private func check(_ context: RequestContext) throws -> (AccountSession, QueryParameters) {
        guard context.isScriptFetch else { throw HTTPError.forbidden("This address is only for the Activity page's script.") }
        let account = try context.requireAccount()
        let form = try context.formFields(limit: 8192)
        try pages.csrf.verify(form[CSRFGuard.fieldName], for: context)
        return (account, form)
    }

    /// A push service's endpoint: https (http only for a host the operator listed as
    /// insecure), no credentials, not too long. Where it resolves is checked again when a
    /// message is sent (`OutboundHTTP` refuses internal addresses).
    static func endpoint(_ text: String?, insecureHosts: Set<String>) throws(HTTPError) -> String {
        guard let text, text.utf8.count <= maxEndpointBytes, OutboundURL(text, insecureHosts: insecureHosts) != nil else {
            throw HTTPError.badRequest("The push endpoint is not an https URL.")
        }
        return text
    }

    private static func json(_ text: String) -> HTTPResponse {
        var headers = HTTPHeaders()
        headers.add("Content-Type", "application/json")
        headers.add("Cache-Control", "no-store")
        return HTTPResponse(status: .ok, headers: headers, body: .bytes(Array(text.utf8)))
    }
}

package import ATProto
import CurlHTTPClient
package import FoundationEssentials
package import GrainSupport
import P256

/// Sends push messages (RFC 8030) for new activity to every browser the recipient turned
/// push on in for that kind: the payload encrypted for that browser (RFC 8291), signed
/// with this server's VAPID key (RFC 8292), through `OutboundHTTP` (so an endpoint a
/// browser gave must be https on a public address). A push service answering 404 or 410
/// says the subscription is gone: it is removed for every account on that browser.
package struct PushNotifier: Sendable {
    /// How long the push service keeps a message for a browser that is offline.
    package static let timeToLiveSeconds = 86_400

    package enum Outcome: Sendable, Equatable {
        case delivered
        /// 404 or 410: the subscription ended.
        case gone
        case failed(String)
    }

    let subscriptions: any PushSubscriptionRepository
    let vapid: VAPIDKey
    /// The `sub` claim: how the push service can reach the operator (mailto: or https:).
    let contact: String?
    let http: OutboundHTTP
    let logger: Logger
    let now: @Sendable () -> Date

    package init(
        subscriptions: any PushSubscriptionRepository, vapid: VAPIDKey, contact: String?, http: OutboundHTTP, logger: Logger,
        now: @escaping @Sendable () -> Date
    ) {
        self.subscriptions = subscriptions
        self.vapid = vapid
        self.contact = contact
        self.http = http
        self.logger = logger
        self.now = now
    }

    /// Pushes `item` to the recipient's browsers that want its kind.
    package func notify(_ item: ActivityItem) async {
        let targets: [PushSubscription]
        do {
            targets = try await subscriptions.subscriptions(for: item.recipient).filter { $0.groups.contains(item.kind.pushGroup) }
        } catch {
            logger.warning("push subscriptions could not be read", ["error": String(describing: error)])
            return
        }
        for subscription in targets {
            switch await send(PushMessage(for: item.kind), to: subscription) {
            case .delivered:
                break
            case .gone:
                try? await subscriptions.remove(endpoint: subscription.endpoint)
            case .failed(let reason):
                logger.info("a push message was not delivered", ["reason": reason])
            }
        }
    }

    /// Encrypts and sends one message.
    package func send(_ message: PushMessage, to subscription: PushSubscription) async -> Outcome {
        guard let origin = Self.origin(of: subscription.endpoint) else { return .failed("the endpoint is not an http(s) URL") }
        let body: [UInt8]
        let authorization: String
        do {
            let receiver = try P256.PublicKey(uncompressedPoint: subscription.p256dh)
            body = try WebPushEncryption.encrypt(message.json, to: receiver, authSecret: subscription.auth)
            authorization = try vapid.authorization(endpointOrigin: origin, subject: contact, now: now())
        } catch {
            return .failed(error.description)
        }
        var request = HTTPClientRequest(
            method: "POST", url: subscription.endpoint, body: .bytes(body), timeout: .seconds(15), maxResponseBytes: 64 << 10)
        request.headers.add("Authorization", authorization)
        request.headers.add("Content-Encoding", "aes128gcm")
        request.headers.add("Content-Type", "application/octet-stream")
        request.headers.add("TTL", String(Self.timeToLiveSeconds))
        request.headers.add("Urgency", "normal")
        do {
            let response = try await http.send(request)
            switch response.status {
            case 200..<300: return .delivered
            case 404, 410: return .gone
            default: return .failed("the push service answered \(response.status)")
            }
        } catch {
            return .failed(String(describing: error))
        }
    }

    /// `scheme://host[:port]` of an endpoint: the JWT's audience.
    static func origin(of endpoint: String) -> String? {
        guard let components = URLComponents(string: endpoint), let scheme = components.scheme?.lowercased(),
            scheme == "https" || scheme == "http", let host = components.host, !host.isEmpty
        else { return nil }
        return "\(scheme)://\(host)" + (components.port.map { ":\($0)" } ?? "")
    }
}

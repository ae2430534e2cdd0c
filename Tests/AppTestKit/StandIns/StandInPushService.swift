package import Foundation
import GrainSupport
import HTTPTestKit
import MicroHTTPServer
package import P256
import Synchronization

/// A Web Push service stand-in (RFC 8030) on a loopback HTTP port, which checks what a
/// real one and a browser would: the VAPID `Authorization` (RFC 8292: an ES256 JWT signed
/// by the key in `k`, audience this service's origin, expiring within 24 hours) and the
/// body, decrypted with the subscription's own keys as the browser would (RFC 8291 and
/// RFC 8188, written here apart from the server's encryption so a mistake there shows).
///
/// Each `subscribe()` makes a browser: a key pair, an authentication secret and an
/// endpoint. An endpoint can be told to answer 404 or 410 (the subscription is gone) or
/// 500. Every delivery is recorded with the plaintext or why it was refused.
package final class StandInPushService: Sendable {
    /// A browser's side of a subscription.
    package struct Browser: Sendable {
        package let endpoint: String
        package let key: P256.PrivateKey
        package let auth: [UInt8]
        package var p256dh: [UInt8] { key.publicKey.uncompressedPoint }
        /// As the Push API's `toJSON()` gives them.
        package var p256dhText: String { Base64URL.encode(p256dh) }
        package var authText: String { Base64URL.encode(auth) }

        package init(endpoint: String, key: P256.PrivateKey, auth: [UInt8]) {
            self.endpoint = endpoint
            self.key = key
            self.auth = auth
        }
    }

    /// One message that arrived.
    package struct Delivery: Sendable {
        package let endpoint: String
        /// The decrypted payload, or nil when it could not be decrypted.
        package let plaintext: String?
        /// Why the service refused it (bad JWT, undecryptable body), or nil.
        package let refusal: String?
        /// The VAPID public key (`k`) it came with.
        package let vapidKey: String?
        package let ttl: String?
        package let answered: Int
        /// When it arrived (for the benchmark's event-to-push delay).
        package let receivedAt: ContinuousClock.Instant
    }

    private struct State {
        var browsers: [String: Browser] = [:]
        var answers: [String: Int] = [:]
        var deliveries: [Delivery] = []
        var next = 0
    }

    private let state = Mutex(State())
    private let server: HTTPServer
    /// The push service's clock for the JWT's expiry (a test whose application runs on a
    /// fixed clock gives that one).
    private let now: @Sendable () -> Date

    package var origin: String { "http://127.0.0.1:\(server.port)" }
    package var hostAndPort: String { "127.0.0.1:\(server.port)" }

    package init(now: @escaping @Sendable () -> Date = Date.init) throws {
        self.now = now
        let box = Mutex<StandInPushService?>(nil)
        server = HTTPServer(
            configuration: HTTPServerConfiguration(host: "127.0.0.1", port: 0, threadCount: 2),
            responder: ClosureResponder { request in box.withLock { $0 }?.respond(to: request) ?? HTTPResponse(status: HTTPStatus(503)) })
        try server.start()
        box.withLock { $0 = self }
    }

    package func stop() async { await server.shutdown(gracePeriod: .seconds(2)) }

    /// A new browser subscription.
    package func subscribe() throws -> Browser {
        let key = try P256.PrivateKey.generate()
        var generator = SystemRandomNumberGenerator()
        let auth = (0..<16).map { _ in UInt8.random(in: 0...255, using: &generator) }
        return state.withLock { state in
            state.next += 1
            let browser = Browser(endpoint: "\(origin)/push/\(state.next)", key: key, auth: auth)
            state.browsers[browser.endpoint] = browser
            return browser
        }
    }

    /// What the endpoint answers from now on (201 unless told).
    package func answer(_ status: Int, for endpoint: String) { state.withLock { $0.answers[endpoint] = status } }

    package var deliveries: [Delivery] { state.withLock { $0.deliveries } }

    private func respond(to request: HTTPRequest) -> HTTPResponse {
        let endpoint = origin + request.path
        let (browser, status) = state.withLock { ($0.browsers[endpoint], $0.answers[endpoint] ?? 201) }
        guard request.method == .post, let browser else { return HTTPResponse(status: HTTPStatus(404)) }
        var refusal: String?
        var plaintext: String?
        let authorization = request.headers["Authorization"] ?? ""
        let vapidKey = Self.parameter("k", in: authorization)
        if let problem = Self.vapidProblem(authorization, audience: origin, now: now()) {
            refusal = problem
        } else if request.headers["Content-Encoding"] != "aes128gcm" {
            refusal = "Content-Encoding is not aes128gcm"
        } else if let body = try? request.body.collect(), let opened = Self.decrypt(body, browser: browser) {
            plaintext = String(decoding: opened, as: UTF8.self)
        } else {
            refusal = "the body could not be decrypted with the subscription's keys"
        }
        let answered = refusal == nil ? status : 400
        state.withLock {
            $0.deliveries.append(
                Delivery(
                    endpoint: endpoint, plaintext: plaintext, refusal: refusal, vapidKey: vapidKey, ttl: request.headers["TTL"], answered: answered,
                    receivedAt: .now))
        }
        return HTTPResponse(status: HTTPStatus(answered))
    }

    /// `t` or `k` of `vapid t=…, k=…`.
    package static func parameter(_ name: String, in authorization: String) -> String? {
        guard authorization.hasPrefix("vapid ") else { return nil }
        for part in authorization.dropFirst(6).split(separator: ",") {
            let trimmed = part.trimmingCharacters(in: .whitespaces)
            if trimmed.hasPrefix(name + "=") { return String(trimmed.dropFirst(name.count + 1)) }
        }
        return nil
    }

    /// What is wrong with the VAPID authorization, or nil (RFC 8292 §2-3).
    package static func vapidProblem(_ authorization: String, audience: String, now date: Date = Date()) -> String? {
        guard let token = parameter("t", in: authorization), let keyText = parameter("k", in: authorization),
            let keyBytes = Base64URL.decode(keyText), let key = try? P256.PublicKey(uncompressedPoint: keyBytes)
        else { return "no vapid t= and k= in Authorization" }
        let parts = token.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count == 3, let headerBytes = Base64URL.decode(String(parts[0])), let claimBytes = Base64URL.decode(String(parts[1])),
            let signature = Base64URL.decode(String(parts[2]))
        else { return "the JWT is not three base64url parts" }
        guard let header = try? JSONSerialization.jsonObject(with: Data(headerBytes)) as? [String: Any], header["alg"] as? String == "ES256" else {
            return "the JWT's alg is not ES256"
        }
        guard key.isValidSignature(signature, for: Array((parts[0] + "." + parts[1]).utf8)) else { return "the JWT's signature does not verify with k" }
        guard let claims = try? JSONSerialization.jsonObject(with: Data(claimBytes)) as? [String: Any] else { return "the claims are not JSON" }
        guard claims["aud"] as? String == audience else { return "aud is not this push service's origin" }
        guard let exp = claims["exp"] as? Int else { return "no exp" }
        let now = Int(date.timeIntervalSince1970)
        guard exp > now, exp <= now + 24 * 3600 else { return "exp is not within the next 24 hours" }
        if let sub = claims["sub"] as? String, !(sub.hasPrefix("mailto:") || sub.hasPrefix("https:")) { return "sub is not mailto: or https:" }
        return nil
    }

    /// The browser's decryption (RFC 8291 §3.4, RFC 8188 §2): header, keys, one record,
    /// padding removed up to the last-record delimiter.
    package static func decrypt(_ body: [UInt8], browser: Browser) -> [UInt8]? {
        guard body.count > 21 else { return nil }
        let salt = Array(body[0..<16])
        let recordSize = body[16..<20].reduce(0) { $0 << 8 | Int($1) }
        let idLength = Int(body[20])
        guard recordSize >= 18, body.count >= 21 + idLength, idLength == 65 else { return nil }
        let senderPoint = Array(body[21..<(21 + idLength)])
        let record = Array(body[(21 + idLength)...])
        guard record.count <= recordSize, let sender = try? P256.PublicKey(uncompressedPoint: senderPoint),
            let shared = try? browser.key.sharedSecret(with: sender)
        else { return nil }
        let info = Array("WebPush: info\u{0}".utf8) + browser.p256dh + senderPoint
        guard let ikm = try? HKDF.sha256(ikm: shared, salt: browser.auth, info: info, length: 32),
            let key = try? HKDF.sha256(ikm: ikm, salt: salt, info: Array("Content-Encoding: aes128gcm\u{0}".utf8), length: 16),
            let nonce = try? HKDF.sha256(ikm: ikm, salt: salt, info: Array("Content-Encoding: nonce\u{0}".utf8), length: 12),
            let padded = try? AESGCM.open(record, key: key, nonce: nonce),
            let delimiter = padded.lastIndex(where: { $0 != 0 }), padded[delimiter] == 0x02
        else { return nil }
        return Array(padded[..<delimiter])
    }
}

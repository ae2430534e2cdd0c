import Foundation
import HTTPTestKit
import MicroHTTPServer
import Synchronization

/// Stand-ins for the identity services a sign-in consults, in one HTTP server on
/// 127.0.0.1 (port 0), told apart by path:
///
/// - a PLC directory at `plcURL` (`GET /plc/{did}`);
/// - a `did:web` host: `GET /.well-known/did.json`, for `didWeb` (`did:web:localhost%3A<port>`);
/// - handle hosts: `wellKnownURL(handle)` → `/handles/{handle}/.well-known/atproto-did`;
/// - a handle resolver at `resolverURL` (`/resolver/xrpc/com.atproto.identity.resolveHandle`).
///
/// Unknown DIDs are 404, unknown handles 404 (well-known) or 400 "Unable to resolve
/// handle" (resolver). Every answer can be replaced, including by one that never comes.
package final class StandInIdentityServer: Sendable {
    /// What one route answers.
    package enum Answer: Sendable, Equatable {
        case json(String)
        case text(String)
        case html(String)
        case bytes([UInt8])
        /// Any status, with a JSON body.
        case status(Int, String)
        /// No answer until the client gives up or the stand-in stops.
        case hang
    }

    /// Which service a request was for.
    package enum Role: Sendable, Hashable {
        case plc, didWeb, wellKnown, resolveHandle
    }

    struct State {
        var plc: [String: Answer] = [:]
        var didWeb: Answer?
        var wellKnown: [String: Answer] = [:]
        var resolveHandle: [String: Answer] = [:]
        var requests: [Role: [String]] = [:]
        var stopping = false
    }

    /// Shared with the server's handler.
    final class Shared: Sendable {
        let state = Mutex(State())
    }

    private let server: HTTPServer
    private let shared = Shared()

    package init() throws {
        let shared = self.shared
        server = HTTPServer(
            configuration: HTTPServerConfiguration(host: "127.0.0.1", port: 0, threadCount: 2),
            responder: ClosureResponder { request in await StandInIdentityServer.respond(to: request, shared: shared) })
        try server.start()
    }

    package var port: Int { server.port }
    package var baseURL: String { "http://127.0.0.1:\(port)" }
    package var plcURL: String { "\(baseURL)/plc" }
    package var resolverURL: String { "\(baseURL)/resolver" }
    /// This stand-in's own `did:web` (ports are allowed on localhost only).
    package var didWeb: String { "did:web:localhost%3A\(port)" }
    /// For `HandleResolver`'s well-known URL builder.
    package var wellKnownURL: @Sendable (String) -> String {
        let base = baseURL
        return { handle in "\(base)/handles/\(handle)/.well-known/atproto-did" }
    }

    package func setPLCDocument(_ answer: Answer, for did: String) { shared.state.withLock { $0.plc[did] = answer } }
    package func setDIDWebDocument(_ answer: Answer) { shared.state.withLock { $0.didWeb = answer } }
    package func setWellKnown(_ answer: Answer, for handle: String) { shared.state.withLock { $0.wellKnown[handle] = answer } }
    package func setResolvedHandle(_ answer: Answer, for handle: String) { shared.state.withLock { $0.resolveHandle[handle] = answer } }

    /// The DIDs or handles asked of `role`, in arrival order.
    package func requests(_ role: Role) -> [String] { shared.state.withLock { $0.requests[role] ?? [] } }

    /// Releases hanging answers and stops the server.
    package func stop() async {
        shared.state.withLock { $0.stopping = true }
        await server.shutdown(gracePeriod: .seconds(5))
    }

    /// A minimal atproto DID document.
    package static func didDocument(id: String, handles: [String] = [], pds: String?, serviceID: String = "#atproto_pds") -> String {
        var document: [String: Any] = ["@context": ["https://www.w3.org/ns/did/v1"], "id": id, "alsoKnownAs": handles.map { "at://\($0)" }]
        if let pds {
            document["service"] = [["id": serviceID, "type": "AtprotoPersonalDataServer", "serviceEndpoint": pds]]
        }
        let data = (try? JSONSerialization.data(withJSONObject: document, options: [.sortedKeys, .withoutEscapingSlashes])) ?? Data()
        return String(decoding: data, as: UTF8.self)
    }
}

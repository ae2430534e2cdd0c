import Foundation
import MicroHTTPServer
import Synchronization

extension StandInIdentityServer {
    static func respond(to request: HTTPRequest, shared: Shared) async -> HTTPResponse {
        let path = request.path.removingPercentEncoding ?? request.path
        if path == "/resolver/xrpc/app.bsky.actor.searchActorsTypeahead" { return typeahead(query: request.query, shared: shared) }
        let (role, key) = route(path: path, query: request.query)
        guard let role else { return HTTPResponse(status: .notFound) }
        let answer = shared.state.withLock { state -> Answer? in
            state.requests[role, default: []].append(key)
            switch role {
            case .plc: return state.plc[key]
            case .didWeb: return state.didWeb
            case .wellKnown: return state.wellKnown[key]
            case .resolveHandle: return state.resolveHandle[key]
            }
        }
        switch answer {
        case .some(let answer):
            return await response(for: answer, shared: shared)
        case .none where role == .resolveHandle:
            return json(400, #"{"error":"InvalidRequest","message":"Unable to resolve handle"}"#)
        case .none:
            return json(404, #"{"message":"not found"}"#)
        }
    }

    /// `app.bsky.actor.searchActorsTypeahead` as the public API answers it anonymously:
    /// `q` (a missing one gives no actors, like an empty one), `limit` 1–100 (default
    /// 10; else a 400), and `{"actors": [profileViewBasic]}` for the handles published
    /// here whose handle starts with `q` (case-insensitive), in handle order.
    static func typeahead(query: String?, shared: Shared) -> HTTPResponse {
        var parameters: [String: String] = [:]
        for pair in (query ?? "").split(separator: "&") {
            let parts = pair.split(separator: "=", maxSplits: 1).map {
                String($0).replacingOccurrences(of: "+", with: " ").removingPercentEncoding ?? String($0)
            }
            parameters[parts[0]] = parts.count > 1 ? parts[1] : ""
        }
        var limit = 10
        if let text = parameters["limit"] {
            guard let value = Int(text), (1...100).contains(value) else { return json(400, #"{"error":"InvalidRequest","message":"limit out of range"}"#) }
            limit = value
        }
        let prefix = (parameters["q"] ?? parameters["term"] ?? "").lowercased()
        let published = shared.state.withLock { $0.resolveHandle }
        let actors: [[String: String]] =
            prefix.isEmpty
            ? []
            : published.keys.sorted().filter { $0.hasPrefix(prefix) }.prefix(limit).compactMap { handle in
                guard case .json(let body) = published[handle]!,
                    let object = try? JSONSerialization.jsonObject(with: Data(body.utf8)) as? [String: Any], let did = object["did"] as? String
                else { return nil }
                return ["did": did, "handle": handle]
            }
        let data = (try? JSONSerialization.data(withJSONObject: ["actors": actors])) ?? Data()
        return json(200, String(decoding: data, as: UTF8.self))
    }

    /// Which service `path` is for and the DID or handle it asks about.
    static func route(path: String, query: String?) -> (Role?, String) {
        if path.hasPrefix("/plc/") { return (.plc, String(path.dropFirst(5))) }
        if path == "/.well-known/did.json" { return (.didWeb, "") }
        if path.hasPrefix("/handles/"), path.hasSuffix("/.well-known/atproto-did") {
            return (.wellKnown, String(path.dropFirst(9).dropLast(24)))
        }
        if path == "/resolver/xrpc/com.atproto.identity.resolveHandle" {
            let handle = (query ?? "").split(separator: "&").first { $0.hasPrefix("handle=") }.map { String($0.dropFirst(7)) } ?? ""
            return (.resolveHandle, handle.removingPercentEncoding ?? handle)
        }
        return (nil, "")
    }

    private static func response(for answer: Answer, shared: Shared) async -> HTTPResponse {
        switch answer {
        case .json(let body): return json(200, body)
        case .text(let body): return HTTPResponse(status: .ok, contentType: "text/plain; charset=utf-8", text: body)
        case .html(let body): return HTTPResponse(status: .ok, contentType: "text/html; charset=utf-8", text: body)
        case .bytes(let bytes):
            var headers = HTTPHeaders()
            headers.add("Content-Type", "application/octet-stream")
            return HTTPResponse(status: .ok, headers: headers, body: .bytes(bytes))
        case .status(let status, let body): return json(status, body)
        case .hang:
            // Polls a flag rather than sleeping once, so `stop()` is not held up.
            let deadline = ContinuousClock.now + .seconds(30)
            while ContinuousClock.now < deadline, !shared.state.withLock({ $0.stopping }) {
                try? await Task.sleep(for: .milliseconds(20))
            }
            return json(504, "{}")
        }
    }

    private static func json(_ status: Int, _ body: String) -> HTTPResponse {
        HTTPResponse(status: HTTPStatus(status), contentType: "application/json", text: body)
    }
}

extension StandInIdentityServer.Answer: CustomStringConvertible {
    /// Short, so a failing parameterised test does not print a 40 KB argument.
    package var description: String {
        func clipped(_ text: String) -> String { text.count > 60 ? "\(text.prefix(60))… (\(text.utf8.count) bytes)" : text }
        switch self {
        case .json(let body): return "json(\(clipped(body)))"
        case .text(let body): return "text(\(clipped(body)))"
        case .html(let body): return "html(\(clipped(body)))"
        case .bytes(let bytes): return "bytes(\(bytes.count))"
        case .status(let status, let body): return "status(\(status), \(clipped(body)))"
        case .hang: return "hang"
        }
    }
}

import Foundation
import HTTPTestKit
import Synchronization

/// How requests reach the core: fault rules are consulted first (body-cutting faults when
/// the head arrives, the others once the request is complete), then the core answers
/// under the lock and the call is logged.
extension FakePDS.Shared {
    func decide(onHead head: ScriptedHTTPServer.Request) -> ScriptedHTTPServer.HeadDecision {
        guard let nsid = XRPCRequest(httpMethod: head.method, target: head.target, headers: [], body: [])?.nsid else {
            return .proceed
        }
        return state.withLock { state in
            guard let index = state.firstRule(for: nsid),
                case .dropDuringRequestBody(let afterBytes) = state.rules[index].fault,
                // A call let through is counted once, when it is answered.
                state.rules[index].passing == 0, let fault = state.consumeRule(at: index)
            else { return .proceed }
            state.calls.append(FakePDS.Call(method: nsid, status: nil, fault: fault))
            let declared = head.header("Content-Length").flatMap { Int($0) } ?? 0
            return .closeAfterReadingBody(bytes: afterBytes ?? declared / 2)
        }
    }

    func respond(to request: ScriptedHTTPServer.Request) -> ScriptedHTTPServer.Action {
        guard
            let call = XRPCRequest(
                httpMethod: request.method, target: request.target, headers: request.headers, body: request.body)
        else { return .respond(.text("Not Found", status: 404)) }
        let now = clock()
        return state.withLock { state -> ScriptedHTTPServer.Action in
            let fault = state.firstRule(for: call.nsid).flatMap { state.consumeRule(at: $0) }
            switch fault {
            case nil:
                return .respond(Self.http(state.handle(call, at: now, fault: nil)))
            case .status(let status, let error, let message)?:
                state.calls.append(FakePDS.Call(method: call.nsid, status: nil, fault: fault))
                return .respond(Self.http(.error(status: status, name: error, message: message)))
            case .stall?:
                state.calls.append(FakePDS.Call(method: call.nsid, status: nil, fault: fault))
                return .stall
            case .dropDuringRequestBody?:  // Added after this request's head was seen.
                state.calls.append(FakePDS.Call(method: call.nsid, status: nil, fault: fault))
                return .close
            case .dropBeforeResponse(let handled)?:
                if handled {
                    _ = state.handle(call, at: now, fault: fault)
                } else {
                    state.calls.append(FakePDS.Call(method: call.nsid, status: nil, fault: fault))
                }
                return .close
            case .expireAccessToken?:
                if let token = call.bearerToken { state.core.expireAccessToken(token) }
                return .respond(Self.http(state.handle(call, at: now, fault: fault)))
            case .delay(let milliseconds)?:
                return .delayed(milliseconds: milliseconds, .respond(Self.http(state.handle(call, at: now, fault: fault))))
            case .holdAnswer(let gate)?:
                return .held(gate, .respond(Self.http(state.handle(call, at: now, fault: fault))))
            }
        }
    }

    static func http(_ response: XRPCResponse) -> ScriptedHTTPServer.Response {
        ScriptedHTTPServer.Response(
            status: response.status, headers: response.headers.map { ($0.name, $0.value) }, payload: .bytes(response.body))
    }
}

extension FakePDS.Shared.State {
    /// The core's answer, logged.
    mutating func handle(_ call: XRPCRequest, at now: Date, fault: FakePDS.Fault?) -> XRPCResponse {
        let response = core.handle(call, at: now)
        calls.append(FakePDS.Call(method: call.nsid, status: response.status, fault: fault))
        return response
    }

    /// The first pending rule for `method` (or for every method), in injection order.
    func firstRule(for method: String) -> Int? {
        rules.firstIndex { $0.method == nil || $0.method == method }
    }

    /// Uses up one firing of the rule, removing it when spent; nil while the rule still
    /// lets calls through (`Repetition.onceAfter`).
    mutating func consumeRule(at index: Int) -> FakePDS.Fault? {
        if rules[index].passing > 0 {
            rules[index].passing -= 1
            return nil
        }
        let fault = rules[index].fault
        if let remaining = rules[index].remaining {
            if remaining <= 1 { rules.remove(at: index) } else { rules[index].remaining = remaining - 1 }
        }
        return fault
    }
}

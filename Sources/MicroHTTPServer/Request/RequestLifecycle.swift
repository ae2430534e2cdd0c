/// The life of one request as libmicrohttpd drives it, as a pure state machine.
///
/// MHD calls the access handler several times per request: once when the headers are in,
/// once per chunk of body, once when the request is complete and, after the connection
/// was suspended for the async handler and resumed, once more to collect the response.
/// The driver (`RequestDriver`) reports each call as an event; this type answers with the
/// action to perform, so the protocol can be tested without sockets.
struct RequestLifecycle: Sendable {
    /// How the request says its body is delimited.
    enum BodyFraming: Equatable, Sendable {
        /// No body (no Content-Length, no Transfer-Encoding, or Content-Length: 0).
        case none
        case length(Int)
        case chunked
        /// A framing the server refuses: a Transfer-Encoding other than `chunked`,
        /// both Transfer-Encoding and Content-Length, or conflicting lengths.
        case invalid
    }

    enum State: Equatable, Sendable {
        case new
        case readingBody(received: Int)
        /// Storing the body failed (disk full); the rest is discarded and 500 answered.
        case bodyFailed
        /// 413 was written to the socket while the client may still be sending: what
        /// still arrives is read and dropped (up to `lingerBytes`), because closing with
        /// unread bytes makes the kernel reset the connection, and a reset can destroy the
        /// answer before the client (or a proxy such as Caddy) has read it.
        case lingering(drained: Int)
        /// The responder is running and the connection is suspended.
        case awaitingResponse
        case responseReady
        case finished
    }

    enum Action: Equatable, Sendable {
        /// Queue a response the server makes itself; the connection closes after it.
        case respondNow(HTTPStatus)
        /// Nothing to do yet: body calls (if any) and the final call follow.
        case readBody
        /// Keep this chunk of body.
        case storeBody
        /// Consume this chunk without keeping it.
        case discardBody
        /// The body will not be read: it is (or will be) larger than the limit (413), or the
        /// spool has no room for it (503), and the client is sending it already. MHD
        /// cannot queue a response then (and one queued before the body would be followed
        /// by a close with unread bytes, a reset that can destroy the answer): answer on the
        /// socket directly, then keep reading and dropping what still arrives
        /// (`lingering`) until the client stops, the allowance is used up or the
        /// connection slots' linger time runs out.
        case refuseAndDrain(HTTPStatus)
        /// Lingering after a refusal is over (the body ended, or passed the allowance): close.
        case closeConnection
        /// The body is still arriving past its time limit, or arrives slower than the
        /// minimum rate or stalled (a client trickling bytes to keep a spool file alive):
        /// answer 408 on the socket and drop the connection.
        case rejectSlowBody
        /// The spool has no room for more of this body (the budget or the client's
        /// share is full): answer 503 on the socket and drop the connection.
        case rejectNoSpoolRoom
        /// Suspend the connection and run the responder.
        case startHandler
        /// Queue the response the responder produced.
        case queueResponse
        /// A call that needs no work (MHD polling an unchanged request).
        case ignore
        /// A call MHD's protocol rules out; drop the connection.
        case abort
    }

    /// What the responder and the spool budget said about a declared body, asked for
    /// only once the server's own checks pass.
    enum BodyDecision: Equatable, Sendable {
        /// Read up to `maxBytes` until `deadline`; with `started`, the body must also keep
        /// up the lifecycle's minimum rate, measured from then.
        case accepted(maxBytes: Int, deadline: ContinuousClock.Instant, started: ContinuousClock.Instant? = nil)
        /// The responder answered from the head; its response is stored by the driver.
        case refused
        /// The spool budget has no room for this body now.
        case noSpoolRoom
    }

    private(set) var state: State = .new
    /// The server's limit, lowered per request by the responder's admission.
    private(set) var maxBodyBytes: Int
    /// Most bytes read and dropped after a 413 before the connection is closed anyway:
    /// twice what the server would have accepted (a declared body is drained from its
    /// first byte, so one just over the limit is drained whole), at least a mebibyte.
    let lingerBytes: Int
    static let minimumLingerBytes = 1 << 20
    private var deadline: ContinuousClock.Instant?
    private var started: ContinuousClock.Instant?
    /// When the body last made progress (`MinimumBodyRate.stallBytes` more since the mark
    /// before), and how much had arrived then.
    private var progress: (instant: ContinuousClock.Instant, received: Int)?
    private let minimumRate: MinimumBodyRate?

    init(maxBodyBytes: Int, minimumRate: MinimumBodyRate? = nil, lingerBytes: Int? = nil) {
        self.maxBodyBytes = maxBodyBytes
        self.lingerBytes = lingerBytes ?? max(maxBodyBytes > Int.max / 2 ? Int.max : maxBodyBytes * 2, Self.minimumLingerBytes)
        self.minimumRate = minimumRate
    }

    /// The first call: the request line and headers have arrived. `decide` is asked
    /// only for a body the server itself would accept, so a refused or unwanted body
    /// never reaches the responder or the disk. A client that sent `Expect: 100-continue`
    /// (`expectsContinue`) waits for the answer before sending its body, so its 413 is
    /// queued normally; any other client is already sending, and the 413 goes out at once
    /// with the rest of the body drained behind it.
    mutating func headersReceived(
        framing: BodyFraming, isDraining: Bool, expectsContinue: Bool = false, decide: (BodyFraming) -> BodyDecision
    ) -> Action {
        guard state == .new else { return .ignore }
        if isDraining {
            state = .finished
            return .respondNow(.serviceUnavailable)
        }
        switch framing {
        case .invalid:
            state = .finished
            return .respondNow(.badRequest)
        case .length(let length) where length > maxBodyBytes:
            return refuseBeforeBody(.contentTooLarge, expectsContinue: expectsContinue)
        case .length, .chunked:
            switch decide(framing) {
            case .refused:
                state = .finished
                return .queueResponse
            case .noSpoolRoom:
                return refuseBeforeBody(.serviceUnavailable, expectsContinue: expectsContinue)
            case .accepted(let limit, let deadline, let started):
                maxBodyBytes = min(maxBodyBytes, limit)
                self.deadline = deadline
                self.started = started
                progress = started.map { ($0, 0) }
                if case .length(let length) = framing, length > maxBodyBytes {
                    return refuseBeforeBody(.contentTooLarge, expectsContinue: expectsContinue)
                }
                state = .readingBody(received: 0)
                return .readBody
            }
        case .none:
            // Even without a body the handler starts on the final call: a response
            // queued on this first call makes MHD close the connection afterwards.
            state = .readingBody(received: 0)
            return .readBody
        }
    }

    /// A chunk of `count` body bytes arrived at `now`.
    mutating func bodyReceived(count: Int, now: ContinuousClock.Instant) -> Action {
        switch state {
        case .readingBody where deadline.map { now > $0 } ?? false:
            state = .finished
            return .rejectSlowBody
        case .readingBody(let received):
            let (total, overflow) = received.addingReportingOverflow(count)
            if overflow || total > maxBodyBytes {
                state = .lingering(drained: 0)
                return .refuseAndDrain(.contentTooLarge)
            }
            if let minimumRate, let started, let progress {
                if minimumRate.hasStalled(received: received, progress: progress.instant, now: now)
                    || minimumRate.isTooSlow(received: total, elapsed: now - started)
                {
                    state = .finished
                    return .rejectSlowBody
                }
                if total - progress.received >= minimumRate.stallBytes { self.progress = (now, total) }
            }
            state = .readingBody(received: total)
            return .storeBody
        case .bodyFailed:
            return .discardBody
        case .lingering(let drained):
            let (total, overflow) = drained.addingReportingOverflow(count)
            if overflow || total > lingerBytes {
                state = .finished
                return .closeConnection
            }
            state = .lingering(drained: total)
            return .discardBody
        case .new, .awaitingResponse, .responseReady, .finished:
            // MHD never passes body before the headers or after the final call.
            state = .finished
            return .abort
        }
    }

    /// The spool had no room for a chunk the lifecycle said to store.
    mutating func spoolFull() -> Action {
        state = .finished
        return .rejectNoSpoolRoom
    }

    /// Keeping the body failed; the rest is discarded and the request answered with 500.
    mutating func bodyStorageFailed() {
        if case .readingBody = state { state = .bodyFailed }
    }

    /// A call with no new data: the request is complete, or MHD resumed us.
    mutating func noDataReceived() -> Action {
        switch state {
        case .readingBody:
            state = .awaitingResponse
            return .startHandler
        case .bodyFailed:
            state = .finished
            return .respondNow(.internalServerError)
        case .responseReady:
            state = .finished
            return .queueResponse
        case .lingering:
            // The whole body has been read, so closing now resets nothing.
            state = .finished
            return .closeConnection
        case .new, .awaitingResponse, .finished:
            return .ignore
        }
    }

    /// Refuses a body before reading any of it: a client that waits for `100 Continue`
    /// sends nothing more, so the answer is queued normally; any other is already sending,
    /// and is answered on the socket with what it still sends drained behind it.
    private mutating func refuseBeforeBody(_ status: HTTPStatus, expectsContinue: Bool) -> Action {
        if expectsContinue {
            state = .finished
            return .respondNow(status)
        }
        state = .lingering(drained: 0)
        return .refuseAndDrain(status)
    }

    /// The driver answered without running the async handler: the responder's fast path
    /// had a response, or the server began draining in between (503).
    mutating func handlerSkipped() {
        if state == .awaitingResponse { state = .finished }
    }

    /// The responder (or shutdown) produced the response; false if one already did.
    mutating func responseArrived() -> Bool {
        guard state == .awaitingResponse else { return false }
        state = .responseReady
        return true
    }
}

import ATProto
package import FoundationEssentials
package import GrainSupport
import Synchronization
import WebSockets

/// Follows Jetstream for hearts and comments, from where it stopped.
///
/// One task connects to the configured hosts in turn, asks for the followed collections
/// from the stored cursor less `replayMargin` (Jetstream replays from a cursor; the margin
/// covers events stored but not yet counted in the cursor, and the small differences
/// between hosts' clocks; replayed events are recognised by the repository), hands each
/// event to `ActivityIngest`, and stores the cursor at most every `cursorInterval` and
/// whenever the connection ends. A lost connection or a failing host is retried on the
/// next host after `ReconnectBackoff`'s wait. A malformed frame is logged and skipped; a
/// frame over the size cap ends the connection (the cursor stays before it, and the next
/// host is tried).
package final class JetstreamFollower: Sendable {
    package struct Settings: Sendable {
        package var hosts: [JetstreamHost]
        package var replayMargin: Int64 = 5_000_000
        package var cursorInterval: Duration = .seconds(1)
        package var backoff = ReconnectBackoff()
        /// Jetstream's events are small (a comment is at most 3000 bytes of text); anything
        /// near this is not an event of the followed collections.
        package var maxMessageBytes = 256 << 10
        package var userAgent: String
        /// Judges an address before connecting (the SSRF rule: public addresses only,
        /// except for hosts the operator listed as insecure).
        package var addressRefusal: @Sendable (JetstreamHost, [UInt8]) -> String?

        package init(hosts: [JetstreamHost], userAgent: String, addressRefusal: @escaping @Sendable (JetstreamHost, [UInt8]) -> String?) {
            self.hosts = hosts
            self.userAgent = userAgent
            self.addressRefusal = addressRefusal
        }
    }

    private let settings: Settings
    private let ingest: ActivityIngest
    private let logger: Logger
    private let now: @Sendable () -> Date
    private let state = Mutex<(status: FollowerStatus, task: Task<Void, Never>?, events: Int)>((.stopped, nil, 0))

    package init(settings: Settings, ingest: ActivityIngest, logger: Logger, now: @escaping @Sendable () -> Date) {
        self.settings = settings
        self.ingest = ingest
        self.logger = logger
        self.now = now
    }

    package var status: FollowerStatus { state.withLock { $0.status } }
    /// Events handled since start (for benchmarks and tests).
    package var eventCount: Int { state.withLock { $0.events } }

    package func start() {
        state.withLock { state in
            guard state.task == nil, !settings.hosts.isEmpty else { return }
            state.task = Task { await self.run() }
        }
    }

    /// Stops following and waits until the cursor is stored.
    package func stop() async {
        let task = state.withLock { state in
            defer { state.task = nil }
            return state.task
        }
        task?.cancel()
        await task?.value
        setStatus(.stopped)
    }

    private func setStatus(_ status: FollowerStatus) { state.withLock { $0.status = status } }

    private func run() async {
        var failures = 0
        var hostIndex = 0
        while !Task.isCancelled {
            let host = settings.hosts[hostIndex % settings.hosts.count]
            let reason = await follow(host, connected: { failures = 0 })
            if Task.isCancelled { break }
            failures += 1
            hostIndex += 1
            let wait = settings.backoff.delay(afterFailures: failures, random: Double.random(in: 0...1))
            let retryAt = now().addingTimeInterval(TimeInterval(wait.components.seconds) + TimeInterval(wait.components.attoseconds) / 1e18)
            setStatus(.failing(reason: reason, since: now(), retryAt: retryAt))
            logger.warning("the Jetstream connection ended", ["host": host.description, "reason": reason, "retryInSeconds": "\(wait.components.seconds)"])
            try? await Task.sleep(for: wait)
        }
    }

    /// One connection, from connect to its end; gives why it ended.
    private func follow(_ host: JetstreamHost, connected: () -> Void) async -> String {
        setStatus(.connecting(host: host.description))
        let cursor: Int64?
        do {
            cursor = try await ingest.repository.cursor().map { max(0, $0 - settings.replayMargin) }
        } catch {
            return "the cursor could not be read: \(error)"
        }
        let endpoint = WebSocketEndpoint(host: host.host, port: host.port, path: host.subscribePath(cursor: cursor), secure: host.secure)
        let options = WebSocketClientOptions(
            maxMessageBytes: settings.maxMessageBytes, userAgent: settings.userAgent,
            addressRefusal: { [settings] bytes in settings.addressRefusal(host, bytes) })
        let connection: WebSocketConnection
        do {
            connection = try await WebSocketConnection.connect(to: endpoint, options: options)
        } catch {
            return error.description
        }
        connected()
        setStatus(.following(host: host.description, since: now()))
        logger.info("following Jetstream", ["host": host.description, "cursor": cursor.map(String.init) ?? "live"])
        var pending: Int64?
        var lastStored = ContinuousClock.now
        defer { connection.close() }
        while true {
            let text: String
            do {
                text = try await connection.receive()
            } catch {
                await store(pending)
                return error.description
            }
            let event: JetstreamEvent
            do throws(JetstreamDecodingError) {
                event = try JetstreamEvent.decode(text)
            } catch {
                logger.warning("a Jetstream frame was skipped", ["host": host.description, "error": error.description])
                continue
            }
            do {
                try await ingest.handle(event)
            } catch {
                await store(pending)
                return "activity could not be stored: \(error)"
            }
            state.withLock { $0.events += 1 }
            pending = max(pending ?? 0, event.timeMicroseconds)
            if ContinuousClock.now - lastStored >= settings.cursorInterval {
                await store(pending)
                pending = nil
                lastStored = .now
            }
        }
    }

    private func store(_ cursor: Int64?) async {
        guard let cursor else { return }
        do {
            try await ingest.repository.setCursor(cursor)
        } catch {
            logger.warning("the Jetstream cursor could not be stored", ["error": String(describing: error)])
        }
    }
}

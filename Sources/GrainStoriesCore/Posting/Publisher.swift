import Foundation

/// Works through the outbox: for each queued draft, the steps profile → upload → story
/// → crosspost, persisting after each. Transient failures (no answer, timeouts, 5xx,
/// 429) are retried with exponential backoff; other failures stop the entry with a
/// reason the person sees and can retry. Survives restarts: `start()` picks up whatever
/// was pending.
public actor Publisher {
    static let maxAttempts = 12
    static let maxBackoff: TimeInterval = 300

    private let dependencies: Dependencies
    private var loop: Task<Void, Never>?
    private var waiter: CheckedContinuation<Void, Never>?
    private var kicked = false

    public init(_ dependencies: Dependencies) {
        self.dependencies = dependencies
    }

    /// Starts working in the background, beginning with anything left from before.
    public func start() {
        guard loop == nil else { return }
        loop = Task { [weak self] in
            while !Task.isCancelled {
                guard let self else { return }
                let sleep = await self.runDue()
                await self.waitForWork(seconds: sleep)
            }
        }
    }

    /// Something new is queued: look now.
    public func kick() {
        if let waiter {
            self.waiter = nil
            waiter.resume()
        } else {
            kicked = true
        }
    }

    public func stop() async {
        loop?.cancel()
        kick()
        await loop?.value
        loop = nil
    }

    /// Sleeps until `kick()` or until `seconds` have passed.
    private func waitForWork(seconds: Double) async {
        if kicked || Task.isCancelled {
            kicked = false
            return
        }
        let timer = Task { [weak self] in
            try? await Task.sleep(for: .seconds(seconds))
            await self?.kick()
        }
        await withCheckedContinuation { waiter = $0 }
        kicked = false
        timer.cancel()
    }

    /// Processes every due entry once; returns how many seconds until the next is due.
    @discardableResult
    public func runDue() async -> Double {
        let d = dependencies
        do {
            for entry in try await d.outbox.due(now: d.now()) {
                await process(entry)
            }
            guard let next = try await d.outbox.nextDue() else { return 30 }
            return min(30, max(0.05, next.timeIntervalSince(d.now())))
        } catch {
            d.logger.error("the outbox could not be read", ["error": String(describing: error)])
            return 5
        }
    }

    private func process(_ initial: OutboxEntry) async {
        let d = dependencies
        var entry = initial
        guard let draft = try? await d.drafts.find(entry.draftID) else {
            entry.status = .failed
            entry.lastError = "This draft no longer exists."
            try? await d.outbox.save(entry)
            return
        }
        guard let did = DID(entry.did), let account = try? await d.sessions.latest(for: did) else {
            await fail(&entry, "You are signed out. Sign in again, then press Retry.")
            return
        }
        let steps = PublishSteps(dependencies: d, draft: draft, account: account)
        while entry.step != .done {
            do {
                try await steps.perform(&entry)
                entry.attempts = 0
                entry.lastError = nil
                if entry.step == .done { entry.status = .posted }
                try await d.outbox.save(entry)
            } catch let failure as PublishFailure {
                await handle(failure, &entry)
                return
            } catch {
                await handle(.permanent("Unexpected problem: \(error)"), &entry)
                return
            }
        }
        d.logger.info("story published", ["did": entry.did, "draft": entry.draftID, "uri": entry.storyURI ?? ""])
    }

    private func handle(_ failure: PublishFailure, _ entry: inout OutboxEntry) async {
        let d = dependencies
        switch failure {
        case .transient(let reason):
            entry.attempts += 1
            entry.lastError = reason
            if entry.attempts >= Publisher.maxAttempts {
                await fail(&entry, "Gave up after \(entry.attempts) tries: \(reason)")
                return
            }
            let delay = min(Publisher.maxBackoff, pow(2, Double(entry.attempts)) + Double.random(in: 0...1))
            entry.nextAttemptAt = d.now().addingTimeInterval(delay)
            d.logger.warning("publishing will be retried", ["draft": entry.draftID, "step": entry.step.rawValue, "attempt": String(entry.attempts), "error": reason])
            try? await d.outbox.save(entry)
        case .permanent(let reason):
            await fail(&entry, reason)
        }
    }

    private func fail(_ entry: inout OutboxEntry, _ reason: String) async {
        entry.status = .failed
        entry.lastError = reason
        dependencies.logger.warning("publishing failed", ["draft": entry.draftID, "step": entry.step.rawValue, "error": reason])
        try? await dependencies.outbox.save(entry)
    }
}

/// Why a publish step did not complete.
enum PublishFailure: Error {
    case transient(String)
    case permanent(String)
}

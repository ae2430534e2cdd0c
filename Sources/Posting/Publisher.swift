import ATProto
import Accounts
import FoundationEssentials
import GrainSupport

/// Publishes queued drafts: the I/O shell around `PublishMachine`. For each due draft it
/// asks the machine for the next step (profile → upload → story → crosspost), performs
/// it (`PublishSteps`), and stores the progress the machine computes from the outcome
/// (`DraftRepository.save`) before the next step. Retries, backoff and giving up are the
/// machine's decisions. Survives restarts: `start()` picks up whatever was pending.
package actor Publisher {
    private let machine = PublishMachine()

    private let dependencies: Dependencies
    private let loop = RetryLoop()

    package init(_ dependencies: Dependencies) {
        self.dependencies = dependencies
    }

    /// Starts working in the background, beginning with anything left from before.
    package func start() async {
        await loop.start { [weak self] in await self?.runDue() ?? 30 }
    }

    /// Something new is queued: look now.
    package func kick() async {
        await loop.kick()
    }

    package func stop() async {
        await loop.stop()
    }

    /// Processes every due draft once; returns how many seconds until the next is due.
    @discardableResult
    package func runDue() async -> Double {
        let d = dependencies
        do {
            for progress in try await d.drafts.due(now: d.now()) {
                await process(progress)
            }
            guard let next = try await d.drafts.nextDue() else { return 30 }
            return min(30, max(0.05, next.timeIntervalSince(d.now())))
        } catch {
            d.logger.error("the publishing queue could not be read", ["error": String(describing: error)])
            return 5
        }
    }

    private func process(_ initial: PublishProgress) async {
        let d = dependencies
        var progress = initial
        // The progress lives in the draft's row: a draft deleted meanwhile has none left to save.
        // A database that cannot be read now is not a reason to give up on the draft (nor
        // to tell its author they are signed out): it is tried again on the next run.
        let draft: Draft
        let found: AccountSession?
        do {
            guard let row = try await d.drafts.find(progress.draftID) else { return }
            draft = row
            found = try await d.sessions.latest(for: progress.did, on: progress.pdsURL)
        } catch {
            d.logger.error(
                "a draft or its session could not be read; publishing waits", ["draft": progress.draftID.rawValue, "error": String(describing: error)])
            return
        }
        guard let account = found else {
            await record(.failed(.permanent(.signedOut)), &progress)
            return
        }
        let steps = PublishSteps(dependencies: d, draft: draft, account: account)
        while true {
            switch machine.next(progress, now: d.now()) {
            case .run(let step):
                let outcome: PublishMachine.Outcome
                do {
                    outcome = .completed(try await steps.perform(step, progress))
                } catch {
                    outcome = .failed(error)
                }
                switch await record(outcome, &progress) {
                case .goOn:
                    if case .completed(.storyCreated(let ref)) = outcome {
                        await d.storyPosted(draft, ref, account, progress.recordCreatedAt)
                    }
                case .stop:
                    return
                case .cancelled:
                    if case .completed(.storyCreated(let ref)) = outcome {
                        await steps.withdraw(ref)
                    }
                    d.logger.info("publishing cancelled", ["draft": progress.draftID.rawValue, "step": step.rawValue])
                    return
                }
            case .posted:
                d.logger.info("story published", ["did": progress.did.rawValue, "draft": progress.draftID.rawValue, "uri": progress.storyURI?.rawValue ?? ""])
                return
            case .wait, .failed:
                return
            }
        }
    }

    /// What became of a step's outcome once stored.
    private enum Recorded {
        /// Stored, and the next step can run now.
        case goOn
        /// Stored (or not storable); nothing more to do now.
        case stop
        /// The person cancelled (or discarded) the draft while the step ran: the outcome
        /// was not stored, and a story the step created must be taken back.
        case cancelled
    }

    /// Applies `outcome` through the machine, logs a retry or a failure, and stores the
    /// result; says whether publishing can go on now.
    @discardableResult
    private func record(_ outcome: PublishMachine.Outcome, _ progress: inout PublishProgress) async -> Recorded {
        let d = dependencies
        let step = progress.step
        progress = machine.apply(outcome, to: progress, now: d.now(), jitter: Double.random(in: 0...1))
        switch (outcome, progress.status) {
        case (.failed(.blobMissing(let problem)), .pending):
            d.logger.warning(
                "the PDS no longer has the photo; uploading it again",
                ["draft": progress.draftID.rawValue, "attempt": String(progress.attempts.count), "error": problem.description])
        case (.failed(let failure), .pending):
            d.logger.warning(
                "publishing will be retried",
                ["draft": progress.draftID.rawValue, "step": step.rawValue, "attempt": String(progress.attempts.count), "error": failure.problem.description])
        case (_, .failed):
            d.logger.warning(
                "publishing failed", ["draft": progress.draftID.rawValue, "step": step.rawValue, "error": progress.attempts.problem?.description ?? ""])
        default:
            break
        }
        do {
            guard try await d.drafts.save(progress) else { return .cancelled }
        } catch {
            d.logger.error("publishing progress could not be saved", ["draft": progress.draftID.rawValue, "error": String(describing: error)])
            return .stop
        }
        if case .completed = outcome { return .goOn }
        // A lost upload is uploaded again right away, within this run.
        if case .failed(.blobMissing) = outcome, progress.status == .pending { return .goOn }
        return .stop
    }
}

/// Why a publish step did not complete: the same sorting of PDS failures as every
/// other write an account makes (`PDSWriteFailure`).
typealias PublishFailure = PDSWriteFailure

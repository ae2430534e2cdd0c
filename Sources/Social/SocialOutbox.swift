package import ATProto
package import Accounts
package import FoundationEssentials
package import GrainSupport

/// Favourites (on stories and on comments) and comments (replies included) on their way
/// to people's PDSes. A heart or a comment is
/// stored first (`SocialWriteRepository`, with its record key chosen), then tried at once, so
/// the page that asked can say whether it is there; one that could not be written (no
/// answer, 5xx, an expired token whose refresh failed) stays pending and is retried in
/// the background with the publisher's backoff (`RetrySchedule`), after a restart too.
/// Creating is exactly once (`AuthorizedPDS.createOnce` with the stored key); deleting
/// is idempotent. A write the PDS refuses stops there with the PDS's reason.
package actor SocialOutbox {
    package nonisolated let store: any SocialWriteRepository
    package nonisolated let favourites: FavouriteBook
    private let pds: AuthorizedPDS
    private let sessions: SessionStore
    private let tids: TIDClock
    private let logger: Logger
    private let now: @Sendable () -> Date
    private let schedule = RetrySchedule()
    private let loop = RetryLoop()
    /// Writes being attempted right now (by a page or the loop), so one is not sent twice at once.
    private var inFlight: Set<Int64> = []

    package init(
        store: any SocialWriteRepository, favourites: FavouriteBook, pds: AuthorizedPDS, sessions: SessionStore, tids: TIDClock,
        logger: Logger, now: @escaping @Sendable () -> Date
    ) {
        self.store = store
        self.favourites = favourites
        self.pds = pds
        self.sessions = sessions
        self.tids = tids
        self.logger = logger
        self.now = now
    }

    package func start() async { await loop.start { [weak self] in await self?.runDue() ?? 30 } }
    package func stop() async { await loop.stop() }

    // MARK: What pages ask for

    /// Whether `account` has a heart on `subject` (their repository with this server's
    /// unsent changes over it).
    package func isFavourite(_ account: AccountSession, _ subject: ATURI) async -> Bool {
        await favourites.hearts(of: account.did, on: pds.client(for: account))?[subject] != nil
    }

    /// Everything `account` has a heart on (stories and comments), as `isFavourite` reads
    /// it; empty when their PDS cannot be read just now.
    package func hearts(_ account: AccountSession) async -> FavouriteBook.Hearts {
        await favourites.hearts(of: account.did, on: pds.client(for: account)) ?? [:]
    }

    /// The account's favourites could not be read from its PDS: giving or taking back a
    /// heart now might make a second record or miss the one there is.
    package struct HeartsUnknown: Error, Sendable {}

    /// Puts a heart on `subject` (nothing when there is one) and tries to send it now.
    package func favourite(_ account: AccountSession, _ subject: ATURI) async throws -> SocialWrite? {
        guard let hearts = await favourites.hearts(of: account.did, on: pds.client(for: account)) else { throw HeartsUnknown() }
        guard hearts[subject] == nil else { return nil }
        return try await queue(account, .favorite, rkey: tids.next().recordKey, subject: subject, text: nil)
    }

    /// Takes the heart off `subject` (nothing when there is none) and tries to send it now.
    package func unfavourite(_ account: AccountSession, _ subject: ATURI) async throws -> SocialWrite? {
        guard let hearts = await favourites.hearts(of: account.did, on: pds.client(for: account)) else { throw HeartsUnknown() }
        guard let rkey = hearts[subject] else { return nil }
        return try await queue(account, .unfavorite, rkey: rkey, subject: subject, text: nil)
    }

    /// Comments `text` on `subject` (a reply when `replyTo` names a comment), with the
    /// mention `facets` found in it: checked against the lexicon first (a
    /// `RecordValidationError` for the person), then stored and tried now.
    package func comment(
        _ account: AccountSession, _ subject: ATURI, text: String, replyTo: ATURI? = nil, facets: [RichTextFacet]? = nil
    ) async throws -> SocialWrite {
        try CommentRecord(text: text, facets: facets, subject: subject, replyTo: replyTo, createdAt: Datetime(now())).validate()
        return try await queue(
            account, .comment, rkey: tids.next().recordKey, subject: subject, text: text, replyTo: replyTo, facets: facets?.isEmpty == true ? nil : facets)
    }

    /// Deletes `account`'s own comment with key `rkey`: the record is always addressed in
    /// the account's own repository, whatever a form says.
    package func deleteComment(_ account: AccountSession, rkey: RecordKey, subject: ATURI) async throws -> SocialWrite {
        try await queue(account, .uncomment, rkey: rkey, subject: subject, text: nil)
    }

    private func queue(
        _ account: AccountSession, _ kind: SocialWrite.Kind, rkey: RecordKey, subject: ATURI, text: String?, replyTo: ATURI? = nil,
        facets: [RichTextFacet]? = nil
    ) async throws -> SocialWrite {
        let write = try await store.insert(
            did: account.did, pdsURL: account.pdsURL, kind: kind, rkey: rkey, subject: subject, text: text, replyTo: replyTo, facets: facets,
            createdAt: Datetime(now()), now: now())
        await favourites.record(write)
        // An undo waits for what it undoes; the loop sends it after.
        if try await store.waitsForEarlier(write) {
            await loop.kick()
            return write
        }
        return await attempt(write, account: account)
    }

    // MARK: Sending

    /// Sends every due write once; returns the seconds until the next is due.
    @discardableResult
    package func runDue() async -> Double {
        do {
            for write in try await store.due(now: now()) {
                // A session that cannot be read now (the database) is not a sign-out: the
                // whole run stops and is tried again (the catch below).
                guard let account = try await sessions.latest(for: write.did, on: write.pdsURL) else {
                    await finish(write, .permanent(.signedOut))
                    continue
                }
                _ = await attempt(write, account: account)
            }
            guard let next = try await store.nextDue() else { return 30 }
            return min(30, max(0.05, next.timeIntervalSince(now())))
        } catch {
            logger.error("the favourite and comment queue could not be read", ["error": String(describing: error)])
            return 5
        }
    }

    /// One attempt of `write` for `account`, stored; the write as it stands afterwards.
    private func attempt(_ write: SocialWrite, account: AccountSession) async -> SocialWrite {
        guard inFlight.insert(write.id).inserted else { return write }
        defer { inFlight.remove(write.id) }
        do {
            try await send(write, account: account)
            return await finish(write, nil)
        } catch {
            return await finish(write, error)
        }
    }

    /// Sends `write` once; a failure comes out sorted, ready for `finish`.
    private func send(_ write: SocialWrite, account: AccountSession) async throws(PDSWriteFailure) {
        let pds = self.pds
        switch write.kind {
        case .favorite:
            let record = FavoriteRecord(subject: write.subject, createdAt: write.recordCreatedAt)
            do { _ = try await pds.createOnce(account, collection: write.kind.collection, rkey: write.rkey, record: record) } catch {
                throw .sorting(error)
            }
        case .comment:
            let record = CommentRecord(
                text: write.text ?? "", facets: write.facets, subject: write.subject, replyTo: write.replyTo, createdAt: write.recordCreatedAt)
            do { try record.validate() } catch { throw .permanent(.invalidRecord(detail: error.description)) }
            do { _ = try await pds.createOnce(account, collection: write.kind.collection, rkey: write.rkey, record: record) } catch {
                throw .sorting(error)
            }
        case .unfavorite, .uncomment:
            do {
                try await pds.perform(account) { client in
                    try await client.deleteRecord(repo: account.did, collection: write.kind.collection, rkey: write.rkey)
                }
            } catch {
                throw .sorting(error)
            }
        }
    }

    /// Stores the outcome (nil: done) and tells the favourites; returns the stored write.
    /// Retrying and giving up are `WriteAttempts`' rules, the publisher's too.
    @discardableResult
    private func finish(_ write: SocialWrite, _ failure: PDSWriteFailure?) async -> SocialWrite {
        var next = write
        if let failure {
            switch next.attempts.record(failure, now: now(), schedule: schedule, jitter: Double.random(in: 0...1)) {
            case .retry:
                logger.warning(
                    "a \(write.kind.rawValue) will be retried",
                    ["did": write.did.rawValue, "attempt": String(next.attempts.count), "error": failure.problem.description])
            case .stopped:
                next.status = .failed
                await favourites.revert(write)
                logger.warning("a \(write.kind.rawValue) failed", ["did": write.did.rawValue, "error": next.attempts.problem?.description ?? ""])
            }
        } else {
            next.status = .done
            next.attempts.succeeded()
        }
        do {
            try await store.save(next)
        } catch {
            logger.error("a \(write.kind.rawValue) could not be saved", ["id": String(write.id), "error": String(describing: error)])
        }
        if next.status == .pending { await loop.kick() }
        if next.status == .done {
            logger.info("\(write.kind.rawValue) sent", ["uri": write.uri.rawValue])
        }
        return next
    }
}

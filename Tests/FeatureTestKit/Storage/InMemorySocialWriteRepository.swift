package import ATProto
import Accounts
package import Foundation
package import Social
import Synchronization

/// `SocialWriteRepository` in memory: the contract suite's second adapter. Writes are
/// kept in id order; each method is one critical section, a second creation of a
/// record is refused as the SQLite adapter's unique index refuses it, and times are
/// whole seconds.
package final class InMemorySocialWriteRepository: SocialWriteRepository {
    private struct State {
        var writes: [SocialWrite] = []
        var lastID: Int64 = 0
    }

    private let state = Mutex(State())

    package init() {}

    package func insert(
        did: DID, pdsURL: String, kind: SocialWrite.Kind, rkey: RecordKey, subject: ATURI, text: String?, replyTo: ATURI?,
        facets: [RichTextFacet]?, createdAt: Datetime, now: Date
    ) async throws -> SocialWrite {
        let at = StoredSeconds.date(StoredSeconds.of(now))
        return try state.withLock { state throws(InMemoryRepositoryError) in
            if Self.creates(kind), state.writes.contains(where: { $0.did == did && $0.rkey == rkey && Self.creates($0.kind) }) {
                throw .keyTaken(rkey.rawValue)
            }
            state.lastID += 1
            let write = SocialWrite(
                id: state.lastID, did: did, pdsURL: pdsURL, kind: kind, rkey: rkey, subject: subject, text: text, replyTo: replyTo,
                facets: facets, recordCreatedAt: createdAt, attempts: WriteAttempts(nextAt: at), queuedAt: at)
            state.writes.append(write)
            return write
        }
    }

    package func find(_ id: Int64) async throws -> SocialWrite? {
        state.withLock { $0.writes.first { $0.id == id } }
    }

    package func due(now: Date, limit: Int) async throws -> [SocialWrite] {
        let now = StoredSeconds.date(StoredSeconds.of(now))
        return state.withLock { state in
            Array(
                state.writes.filter { write in
                    write.status == .pending && write.attempts.nextAt <= now && !Self.waits(write, in: state.writes)
                }.prefix(limit))
        }
    }

    package func waitsForEarlier(_ write: SocialWrite) async throws -> Bool {
        state.withLock { Self.waits(write, in: $0.writes) }
    }

    package func nextDue() async throws -> Date? {
        state.withLock { $0.writes.filter { $0.status == .pending }.map(\.attempts.nextAt).min() }
    }

    package func save(_ write: SocialWrite) async throws {
        state.withLock { state in
            guard let index = state.writes.firstIndex(where: { $0.id == write.id && $0.status == .pending }) else { return }
            state.writes[index].status = write.status
            // Kept as the SQLite adapter keeps them: whole seconds, the problem in its stored form.
            state.writes[index].attempts = WriteAttempts(
                count: write.attempts.count, nextAt: StoredSeconds.date(StoredSeconds.of(write.attempts.nextAt)),
                problem: write.attempts.problem.map { WriteProblem(stored: $0.stored) })
        }
    }

    package func unfinished(of did: DID, kinds: [SocialWrite.Kind]) async throws -> [SocialWrite] {
        state.withLock { $0.writes.filter { $0.did == did && $0.status == .pending && kinds.contains($0.kind) } }
    }

    package func comments(on subject: ATURI, since: Date) async throws -> [SocialWrite] {
        let since = StoredSeconds.date(StoredSeconds.of(since))
        return state.withLock { state in
            state.writes.filter {
                $0.subject == subject && ($0.kind == .comment || $0.kind == .uncomment) && $0.status != .failed && $0.queuedAt >= since
            }
        }
    }

    package func comment(of did: DID, rkey: RecordKey) async throws -> SocialWrite? {
        state.withLock { $0.writes.first { $0.did == did && $0.rkey == rkey && $0.kind == .comment } }
    }

    package func deleteFinished(before: Date) async throws {
        let before = StoredSeconds.date(StoredSeconds.of(before))
        state.withLock { $0.writes.removeAll { $0.status != .pending && $0.queuedAt < before } }
    }

    /// Whether the write creates a record (a favourite or a comment), which happens once.
    private static func creates(_ kind: SocialWrite.Kind) -> Bool { kind == .favorite || kind == .comment }

    /// Whether an earlier write of the same record is still pending.
    private static func waits(_ write: SocialWrite, in writes: [SocialWrite]) -> Bool {
        writes.contains { $0.did == write.did && $0.rkey == write.rkey && $0.id < write.id && $0.status == .pending }
    }
}

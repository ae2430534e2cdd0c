import ATProto
import Activity
import Synchronization

/// Subjects the tests declare: every other URI is missing.
final class FakeSubjects: ActivitySubjects {
    let known = Mutex<[ATURI: SubjectCheck]>([:])
    let asked = Mutex<[ATURI]>([])

    func set(_ uri: ATURI, _ check: SubjectCheck) { known.withLock { $0[uri] = check } }

    func check(_ uri: ATURI) async -> SubjectCheck {
        asked.withLock { $0.append(uri) }
        return known.withLock { $0[uri] } ?? .missing
    }
}

/// Blocks the tests declare, and recipients whose blocks cannot be read.
final class FakeAudience: ActivityAudience {
    let blocked = Mutex<Set<[DID]>>([])
    let unsure = Mutex<Set<DID>>([])

    func block(_ actor: DID, by recipient: DID) { _ = blocked.withLock { $0.insert([recipient, actor]) } }

    func admits(_ actor: DID, toReach recipient: DID) async -> Bool? {
        if blocked.withLock({ $0.contains([recipient, actor]) }) { return false }
        return unsure.withLock { $0.contains(recipient) } ? nil : true
    }
}

/// What was handed on for pushing.
final class Pushed: Sendable {
    let items = Mutex<[ActivityItem]>([])
    func add(_ item: ActivityItem) { items.withLock { $0.append(item) } }
    var all: [ActivityItem] { items.withLock { $0 } }
}

import ATProto
import ATProtoTestKit
import Foundation
import SQLiteStore
import TestKit
import Testing

@testable import SQLiteRepositories
@testable import Social
@testable import Viewing

/// Each account may hide at most `HiddenAuthors.maxPerAccount` people, counted per
/// account (not per person hidden, nor across accounts).
@Suite struct HiddenAuthorStoreTests {
    let alice: DID = "did:plc:alice22222222222222222222"
    let bob: DID = "did:plc:bob2222222222222222222222"
    let now = Date(timeIntervalSince1970: 1_788_544_800)

    /// A made-up author DID numbered `n` (its 24 characters are `n` in base 32).
    static func author(_ n: Int) -> DID {
        let alphabet = Array("abcdefghijklmnopqrstuvwxyz234567")
        var rest = n
        var text = ""
        for _ in 0..<24 {
            text.insert(alphabet[rest % 32], at: text.startIndex)
            rest /= 32
        }
        return DID("did:plc:" + text)!
    }

    @Test func theCapIsTwoThousandPeoplePerAccount() async throws {
        #expect(HiddenAuthors.maxPerAccount == 2000)
        let directory = ProjectPaths.temporaryDirectory("hidden")
        let database = try await AppDatabase.open(at: directory + "/grainstories.sqlite3")
        let store = SQLiteHiddenAuthorRepository(database: database)
        // One short of the cap, written at once (a person would press Hide 1,999 times).
        let alice = self.alice
        try await database.database.write { db in
            for n in 0..<(HiddenAuthors.maxPerAccount - 1) {
                try db.execute("INSERT INTO hidden_authors (did, author, hidden_at) VALUES (?, ?, ?)", [alice, Self.author(n), Int64(n)])
            }
        }
        #expect(try await store.hide(Self.author(5000), by: alice, now: now, limit: HiddenAuthors.maxPerAccount), "the 2,000th fits")
        #expect(try await !store.hide(Self.author(5001), by: alice, now: now, limit: HiddenAuthors.maxPerAccount), "the 2,001st does not")
        #expect(
            try await store.hide(Self.author(5000), by: alice, now: now, limit: HiddenAuthors.maxPerAccount),
            "hiding someone already hidden changes nothing and is fine")
        #expect(try await store.hidden(by: alice).count == HiddenAuthors.maxPerAccount)
        #expect(try await store.hide(Self.author(5001), by: bob, now: now, limit: HiddenAuthors.maxPerAccount), "another account has its own allowance")
        try await store.unhide(Self.author(0), by: alice)
        #expect(try await store.hide(Self.author(5001), by: alice, now: now, limit: HiddenAuthors.maxPerAccount), "unhiding makes room")
        await database.close()
        try? FileManager.default.removeItem(atPath: directory)
    }
}

package import ATProto
package import FoundationEssentials

/// Which stories each signed-in person has put a heart on, and under which record key.
///
/// Grain's AppView answers this server anonymously, so its `viewer.fav` is never there:
/// the truth is the person's own repository (`listRecords` of `social.grain.favorite`,
/// matched on `subject`), read once and kept here per account, with this server's own
/// favourites and undos not yet on the PDS laid over it (so a restart keeps them), and
/// changed at once on every heart pressed here. It is read again after `maxAge`, so a
/// heart given in Grain's own app shows here too.
package actor FavouriteBook {
    /// subject → the favourite record's key.
    package typealias Hearts = [ATURI: RecordKey]

    private struct Entry {
        var hearts: Hearts
        var loadedAt: Date
    }

    private let store: any SocialWriteRepository
    private let listing: GraphListing
    private let now: @Sendable () -> Date
    package let maxAge: TimeInterval
    private var entries: [DID: Entry] = [:]
    /// When reading an account's favourites last failed: pages do not wait for a PDS that
    /// is down again before `failurePause` has passed.
    private var failures: [DID: Date] = [:]
    package let failurePause: TimeInterval = 30

    package init(
        store: any SocialWriteRepository, listing: GraphListing = GraphListing(maxPages: 10), maxAge: TimeInterval = 300, now: @escaping @Sendable () -> Date
    ) {
        self.store = store
        self.listing = listing
        self.maxAge = maxAge
        self.now = now
    }

    /// `did`'s hearts, read from `pds` when not known or too old; nil when the PDS cannot
    /// be read just now (the heart then shows as not given, and the page works on).
    package func hearts(of did: DID, on pds: any PDSConnection) async -> Hearts? {
        if let entry = entries[did], now().timeIntervalSince(entry.loadedAt) < maxAge { return entry.hearts }
        if let failed = failures[did], now().timeIntervalSince(failed) < failurePause { return entries[did]?.hearts }
        let listed: [RecordPage<FavoriteRecord>.Entry]
        do {
            listed = try await listing.entries(of: did, in: FavoriteRecord.collection, on: pds, as: FavoriteRecord.self)
        } catch {
            if failures.count >= 2048 { failures.removeAll() }
            failures[did] = now()
            return entries[did]?.hearts
        }
        failures[did] = nil
        var hearts: Hearts = [:]
        // Newest first: keep the newest record per story (a second one is a stray duplicate).
        for entry in listed.reversed() {
            if let rkey = entry.uri.rkey, entry.uri.did == did { hearts[entry.value.subject] = rkey }
        }
        for write in (try? await store.unfinished(of: did, kinds: [.favorite, .unfavorite])) ?? [] {
            Self.apply(write, to: &hearts)
        }
        if entries.count >= 2048 { entries.removeAll() }
        entries[did] = Entry(hearts: hearts, loadedAt: now())
        return hearts
    }

    /// The heart `did` has on `subject` per what is known now, without asking the PDS.
    package func known(_ did: DID, _ subject: ATURI) -> RecordKey? {
        entries[did]?.hearts[subject]
    }

    /// A favourite or undo made here: the book changes at once.
    package func record(_ write: SocialWrite) {
        guard entries[write.did] != nil else { return }
        Self.apply(write, to: &entries[write.did]!.hearts)
    }

    /// A write that will not happen (refused, given up): the heart is as before it.
    package func revert(_ write: SocialWrite) {
        guard entries[write.did] != nil else { return }
        switch write.kind {
        case .favorite: if entries[write.did]!.hearts[write.subject] == write.rkey { entries[write.did]!.hearts[write.subject] = nil }
        case .unfavorite: entries[write.did]!.hearts[write.subject] = write.rkey
        case .comment, .uncomment: break
        }
    }

    private static func apply(_ write: SocialWrite, to hearts: inout Hearts) {
        switch write.kind {
        case .favorite: hearts[write.subject] = write.rkey
        case .unfavorite: if hearts[write.subject] == write.rkey { hearts[write.subject] = nil }
        case .comment, .uncomment: break
        }
    }
}

package import FoundationEssentials
import Synchronization

/// Photos shared into the installed app (its Web Share Target) by a browser that is not
/// signed in yet, kept while the person signs in, so the photo is not lost on the way.
///
/// Each is the upload's file as it arrived (prepared only once someone signed in takes
/// it, through the same pipeline and queue as the "+" button, so nobody anonymous makes
/// this server decode anything), tied to the browser that sent it by a random key the
/// browser holds in a cookie. A browser keeps at most one: a new share replaces its
/// earlier one. Because anyone can send a share without an account, everything parked
/// is bounded: an hour at most, `maxPerAddress` photos per client address (an IPv6 /64
/// counts as one), `maxCount` and `maxBytes` in all. Past those a share is refused (the
/// person can sign in first and share again), never silently dropped.
///
/// Only bookkeeping: the caller moves files into place and deletes the paths it is
/// given back (taken, replaced or expired), so every decision here is tested without a
/// disk. Nothing survives a restart: the files live in the uploads directory, which the
/// server empties when it starts.
package final class ParkedShares: Sendable {
    /// One parked photo.
    package struct Parked: Sendable, Equatable {
        /// The upload's file, owned by the shelf until taken or returned for deletion.
        package var path: String
        package var bytes: Int
        /// How many more files came with the share and were not kept (a story is one photo).
        package var leftOut: Int
        /// The client address (as `ClientNetwork` keys it) that sent it.
        package var address: String
        package var parkedAt: Date

        package init(path: String, bytes: Int, leftOut: Int, address: String, parkedAt: Date) {
            self.path = path
            self.bytes = bytes
            self.leftOut = leftOut
            self.address = address
            self.parkedAt = parkedAt
        }
    }

    /// Why a share could not be parked, in words for the person who shared it.
    package enum Refusal: Error, Sendable, Equatable {
        /// This address already has `maxPerAddress` photos waiting.
        case tooManyFromAddress
        /// Everything parked together is at its limit.
        case full

        package var publicMessage: String {
            switch self {
            case .tooManyFromAddress:
                "Photos shared from this network are already waiting for someone to sign in. Please sign in on this site first, then share the photo again."
            case .full:
                "Too many shared photos are waiting for their owners to sign in right now. Please sign in on this site first, then share the photo again."
            }
        }
    }

    package let maxCount: Int
    package let maxBytes: Int
    package let maxPerAddress: Int
    /// How long a photo waits for its sender to sign in.
    package let lifetime: TimeInterval
    private let shelf = Mutex<[String: Parked]>([:])

    package init(maxCount: Int = 32, maxBytes: Int, maxPerAddress: Int = 2, lifetime: TimeInterval = 3600) {
        self.maxCount = maxCount
        self.maxBytes = maxBytes
        self.maxPerAddress = maxPerAddress
        self.lifetime = lifetime
    }

    /// Parks `photo` for the browser holding `browser`. Returns the files the caller must
    /// delete now (the browser's earlier share, and any that expired); throws, keeping
    /// nothing, when the limits leave no room (the caller deletes `photo` then).
    package func park(_ photo: Parked, browser: String) throws(Refusal) -> [String] {
        try shelf.withLock { shelf throws(Refusal) -> [String] in
            var removed = Self.expire(&shelf, now: photo.parkedAt, lifetime: lifetime)
            let replaced = shelf[browser]
            let others = shelf.filter { $0.key != browser }.values
            guard others.filter({ $0.address == photo.address }).count < maxPerAddress else { throw .tooManyFromAddress }
            guard others.count < maxCount, others.reduce(0, { $0 + $1.bytes }) + photo.bytes <= maxBytes else { throw .full }
            if let replaced { removed.append(replaced.path) }
            shelf[browser] = photo
            return removed
        }
    }

    /// Takes the photo parked for `browser`, if it is still there; the caller owns its
    /// file from now on. Expired photos are returned in `expired` for deletion.
    package func take(browser: String, now: Date) -> (photo: Parked?, expired: [String]) {
        shelf.withLock { shelf in
            let expired = Self.expire(&shelf, now: now, lifetime: lifetime)
            return (shelf.removeValue(forKey: browser), expired)
        }
    }

    /// Removes what has waited longer than `lifetime`; returns their files for deletion.
    package func sweep(now: Date) -> [String] {
        shelf.withLock { Self.expire(&$0, now: now, lifetime: lifetime) }
    }

    /// How many photos are parked (tests and diagnostics).
    package var count: Int { shelf.withLock { $0.count } }

    private static func expire(_ shelf: inout [String: Parked], now: Date, lifetime: TimeInterval) -> [String] {
        let old = shelf.filter { now.timeIntervalSince($0.value.parkedAt) >= lifetime }
        for key in old.keys { shelf[key] = nil }
        return old.values.map(\.path)
    }
}

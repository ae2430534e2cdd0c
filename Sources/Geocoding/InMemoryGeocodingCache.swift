package import FoundationEssentials
import Synchronization

/// A `GeocodingCache` in memory, bounded: at most `capacity` entries, the least
/// recently used dropped first, so a flood of distinct searches cannot grow memory
/// without limit. Lost on restart.
package final class InMemoryGeocodingCache: GeocodingCache {
    private struct Entry {
        package var places: [NominatimPlace]
        package var expiry: Date
        package var lastUsed: UInt64
    }

    private struct State {
        package var entries: [GeocodingCacheKey: Entry] = [:]
        package var useCounter: UInt64 = 0
    }

    private let capacity: Int
    private let state = Mutex(State())

    package init(capacity: Int = 4096) {
        self.capacity = max(1, capacity)
    }

    package func places(for key: GeocodingCacheKey, at now: Date) -> [NominatimPlace]? {
        state.withLock { state in
            guard var entry = state.entries[key] else { return nil }
            guard now < entry.expiry else {
                state.entries[key] = nil
                return nil
            }
            state.useCounter += 1
            entry.lastUsed = state.useCounter
            state.entries[key] = entry
            return entry.places
        }
    }

    package func store(_ places: [NominatimPlace], for key: GeocodingCacheKey, until expiry: Date) {
        state.withLock { state in
            state.useCounter += 1
            state.entries[key] = Entry(places: places, expiry: expiry, lastUsed: state.useCounter)
            guard state.entries.count > capacity else { return }
            // Evict down to 90 % in one pass so a stream of new keys does not sort on every insert.
            let excess = state.entries.count - max(1, capacity * 9 / 10)
            for victim in state.entries.sorted(by: { $0.value.lastUsed < $1.value.lastUsed }).prefix(excess).map(\.key) {
                state.entries[victim] = nil
            }
        }
    }

    /// How many entries are held, expired or not (for tests and diagnostics).
    package var count: Int { state.withLock { $0.entries.count } }
}

import FoundationEssentials
import Synchronization

/// The system's time zones by name, read from its tz database directory
/// (`/usr/share/zoneinfo`, Debian's `tzdata`) when first asked for and kept.
///
/// Names come from configuration and from browsers (a TV says which zone it is in), so a
/// name is checked to be a tz database name before any file is opened: letters, digits,
/// `_ + -`, at most three parts joined by `/`, never `..` or a leading dot, and not the
/// leap-second tree. Reading one is a single small read (2–4 KB) the first time a name is
/// asked for; at most `capacity` zones are kept (there are about 600), so endless made-up
/// names cost a failed `open` each, never memory.
package final class ZoneInfoCatalog: Sendable {
    package static let systemDirectory = "/usr/share/zoneinfo"
    static let capacity = 700

    package let directory: String
    private let zones = Mutex<[String: ZoneInfo]>([:])

    package init(directory: String = ZoneInfoCatalog.systemDirectory) {
        self.directory = directory
    }

    /// The zone called `name` (under that name, as a browser gave it); `UTC` and `Etc/UTC`
    /// without reading anything.
    package func zone(named name: String) throws(ZoneInfoError) -> ZoneInfo {
        if name == "UTC" || name == "Etc/UTC" { return ZoneInfo(identifier: name, transitions: [], offsets: [], initialOffset: 0, rule: nil) }
        guard Self.isZoneName(name) else { throw .unknown(name) }
        if let known = zones.withLock({ $0[name] }) { return known }
        guard let data = try? Data(contentsOf: URL(fileURLWithPath: directory + "/" + name)), data.count <= 1 << 20 else {
            throw .unknown(name)
        }
        let zone = try ZoneInfo(identifier: name, tzif: Array(data))
        zones.withLock { zones in
            if zones.count < Self.capacity { zones[name] = zone }
        }
        return zone
    }

    /// Whether `name` has the shape of a tz database name (`Europe/Berlin`,
    /// `America/Argentina/Buenos_Aires`, `Etc/GMT+5`).
    package static func isZoneName(_ name: String) -> Bool {
        guard (1...64).contains(name.utf8.count), !name.hasPrefix("right/"), !name.hasPrefix("posix/") else { return false }
        let parts = name.split(separator: "/", omittingEmptySubsequences: false)
        guard (1...3).contains(parts.count) else { return false }
        return parts.allSatisfy { part in
            guard let first = part.utf8.first, first != UInt8(ascii: "-"), first != UInt8(ascii: "+") else { return false }
            return part.utf8.allSatisfy { byte in
                switch byte {
                case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"),
                    UInt8(ascii: "_"), UInt8(ascii: "+"), UInt8(ascii: "-"):
                    true
                default: false
                }
            }
        }
    }
}

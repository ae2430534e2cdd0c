/// A time zone that could not be had: a name that is no zone's, or a file that is not a
/// readable tz file.
package enum ZoneInfoError: Error, Sendable, Equatable, CustomStringConvertible {
    /// Not a tz database name (`Europe/Berlin`), or no such zone on this system.
    case unknown(String)
    /// The zone's file could not be read as one (`reason` says why).
    case unreadable(String, String)

    package var description: String {
        switch self {
        case .unknown(let name): "“\(name.prefix(80))” is not a time zone this system knows (such as Europe/Berlin or America/New_York)"
        case .unreadable(let name, let reason): "the time zone file of \(name) cannot be read: \(reason)"
        }
    }
}

/// Why an H3 operation refused its input; mirrors the C library's error codes.
///
/// Only the three conditions a caller can actually provoke with finite arithmetic are
/// modelled; the C library's internal-failure codes cannot occur for valid input here.
package enum H3Error: Error, Sendable, Equatable, CustomStringConvertible {
    /// A resolution outside 0...15 (C `E_RES_DOMAIN`).
    case resolutionDomain(Int)
    /// A latitude or longitude that is NaN or infinite (C `E_LATLNG_DOMAIN`).
    ///
    /// No payload: NaN would make the error unequal to itself.
    case latLngDomain
    /// A parent resolution finer than the cell's own (C `E_RES_MISMATCH`).
    case resolutionMismatch(cellResolution: Int, requestedResolution: Int)

    package var description: String {
        switch self {
        case .resolutionDomain(let resolution):
            "H3 resolution must be between 0 and 15, got \(resolution)"
        case .latLngDomain:
            "latitude and longitude must be finite numbers"
        case .resolutionMismatch(let cellResolution, let requestedResolution):
            "cannot take the parent at resolution \(requestedResolution) of a resolution-\(cellResolution) cell"
        }
    }
}

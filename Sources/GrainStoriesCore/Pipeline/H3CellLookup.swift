import JPEGProcessing

/// INTEGRATION POINT: the resolution-10 H3 cell (15 lowercase hex digits) for a photo's
/// GPS position, as Grain's web client computes it from the photo's own GPS.
///
/// Returns nil until the `H3Index` target (written in parallel) is wired in here; this is
/// the only function that needs to change, e.g. to
/// `H3Index.cell(latitude: gps.latitude, longitude: gps.longitude, resolution: 10)`.
func h3Cell(for gps: GPSCoordinate) -> String? {
    nil
}

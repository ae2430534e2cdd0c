/// The resolution at which stories record their place: Grain's clients always write a
/// resolution-10 cell (about 15,000 m², a city block).
let storyH3Resolution = 10

/// The resolution-10 H3 cell (15 lowercase hex digits) for a photo's own GPS position,
/// as Grain's web client computes it; nil for coordinates H3 cannot index.
package func h3Cell(for gps: GPSCoordinate) -> String? {
    try? H3Cell(latitude: gps.latitude, longitude: gps.longitude, resolution: storyH3Resolution).description
}

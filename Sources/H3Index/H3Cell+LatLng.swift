extension H3Cell {
    /// The cell containing a point, given in degrees, at `resolution` (C `latLngToCell`).
    ///
    /// Any finite angles are accepted, as in C: longitudes need not be in -180...180
    /// and latitudes beyond ±90 simply go through sine and cosine.
    ///
    /// - Throws: `H3Error.resolutionDomain` unless `resolution` is in 0...15;
    ///   `H3Error.latLngDomain` if either angle is NaN or infinite.
    @inline(__always)
    package init(latitude: Double, longitude: Double, resolution: Int) throws(H3Error) {
        guard resolution >= 0, resolution <= 15 else {
            throw .resolutionDomain(resolution)
        }
        guard latitude.isFinite, longitude.isFinite else {
            throw .latLngDomain
        }
        self.init(unchecked: CellEncoder.index(latitude: latitude, longitude: longitude, resolution: resolution))
    }

    /// The cell's centre in degrees (C `cellToLatLng`), bit-identical to the C library;
    /// latitude in -90...90, longitude in -180...180.
    package var center: (latitude: Double, longitude: Double) {
        CellDecoder.center(of: rawValue)
    }
}

extension H3Cell {
    /// The ancestor at `resolution` (C `cellToParent`); the cell itself at its own
    /// resolution.
    ///
    /// This is not the cell of the same point at the coarser resolution: children do
    /// not tile their parent exactly. Index points directly at the resolution you need.
    ///
    /// - Throws: `H3Error.resolutionDomain` unless `resolution` is in 0...15;
    ///   `H3Error.resolutionMismatch` if it is finer than the cell's own.
    package func parent(at resolution: Int) throws(H3Error) -> H3Cell {
        guard resolution >= 0, resolution <= 15 else {
            throw .resolutionDomain(resolution)
        }
        let own = self.resolution
        guard resolution <= own else {
            throw .resolutionMismatch(cellResolution: own, requestedResolution: resolution)
        }
        // New resolution field; digit slots resolution+1...15 become 7 (the slots past
        // the old resolution already are).
        let digitBits = UInt64(3 * (15 - resolution))
        let parent =
            (rawValue & ~(UInt64(0xF) << 52)) | UInt64(resolution) << 52
            | ((1 << digitBits) - 1)
        return H3Cell(unchecked: parent)
    }
}

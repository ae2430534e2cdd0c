/// The first frame's image descriptor and the Graphics Control Extension before it: where
/// the frame sits on the canvas and how its rows and palette are to be read.
package struct GIFFrame: Sendable, Equatable {
    package let left: Int
    package let top: Int
    package let width: Int
    package let height: Int
    /// Rows are stored in the four-pass interlaced order (GIF89a appendix E).
    package let isInterlaced: Bool
    /// The palette index drawn as transparent (flattened onto white), if any.
    package let transparentIndex: Int?
    /// Whether the frame has its own colour table (else the global one applies).
    package let hasLocalColorTable: Bool

    package init(
        left: Int, top: Int, width: Int, height: Int, isInterlaced: Bool, transparentIndex: Int?, hasLocalColorTable: Bool
    ) {
        self.left = left
        self.top = top
        self.width = width
        self.height = height
        self.isInterlaced = isInterlaced
        self.transparentIndex = transparentIndex
        self.hasLocalColorTable = hasLocalColorTable
    }

    /// The frame row (0 at its top) that the `index`th row in the file fills. Interlaced
    /// rows come as every 8th from 0, every 8th from 4, every 4th from 2, every 2nd from 1.
    package func frameRow(forStoredRow index: Int) -> Int {
        guard isInterlaced else { return index }
        let passes = [(start: 0, step: 8), (start: 4, step: 8), (start: 2, step: 4), (start: 1, step: 2)]
        var remaining = index
        for pass in passes {
            let rows = pass.start < height ? (height - pass.start + pass.step - 1) / pass.step : 0
            if remaining < rows { return pass.start + remaining * pass.step }
            remaining -= rows
        }
        return index  // unreachable for index < height
    }
}

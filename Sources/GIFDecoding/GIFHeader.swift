/// What a GIF says about itself before any pixel is decoded: the canvas size and the first
/// frame's descriptor. GIFs carry no EXIF or ICC profile the pipeline uses.
package struct GIFHeader: Sendable, Equatable {
    /// The logical screen size from the header (`SWidth` × `SHeight`).
    package let screenWidth: Int
    package let screenHeight: Int
    /// The first frame, nil when the records end or break before its image descriptor.
    package let firstFrame: GIFFrame?
    /// Why `firstFrame` is nil (giflib's error, or "no image"); nil when it was found.
    package let problem: GIFError?

    package init(screenWidth: Int, screenHeight: Int, firstFrame: GIFFrame?, problem: GIFError?) {
        self.screenWidth = screenWidth
        self.screenHeight = screenHeight
        self.firstFrame = firstFrame
        self.problem = problem
    }

    /// The decoded size: the logical screen, grown to hold a first frame that overhangs
    /// it (as browsers do), so no decoded pixel is dropped.
    package var width: Int { max(screenWidth, firstFrame.map { $0.left + $0.width } ?? 0) }
    package var height: Int { max(screenHeight, firstFrame.map { $0.top + $0.height } ?? 0) }

    /// Whether the first frame lies inside the logical screen, as GIF89a §20 requires.
    /// The decoded size already holds an overhanging frame, so memory is never
    /// underestimated; the pipeline still refuses such a file as not what it claims.
    package var frameFitsScreen: Bool {
        guard let frame = firstFrame else { return true }
        return frame.left + frame.width <= screenWidth && frame.top + frame.height <= screenHeight
    }

    /// Width × height; each is below 2¹⁷ (16-bit offset plus 16-bit size), so no overflow.
    package var pixelCount: Int { width * height }
}

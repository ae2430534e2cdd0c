extension PhotoProcessor {
    /// The JPEG quality of the sizes made for browsers: at the widths GrainStories serves,
    /// its Lanczos-3 and quality 80 score at least vips's own thumbnail (quality 75) in
    /// SSIM against the original scaled by vips (BENCHMARKS.md, "Photos sized to the screen").
    public static let sizeQuality = 80

    /// The photo at `path` (any format the pipeline reads) made `width` pixels wide once
    /// upright, never wider than it is, as a JPEG at `sizeQuality` with no metadata: what
    /// the server keeps in its media cache beside the original for `srcset` (issue 47).
    /// The same checks, limits, decode, resampling and orientation as `processFile`, with
    /// one encode instead of the byte-budget search.
    public func resizeFile(atPath path: String, toWidth width: Int) throws(PhotoProcessingError) -> ProcessedPhoto {
        guard width > 0 else { throw .invalidOptions("the width must be positive") }
        var sized = options
        sized.byteBudget = max(options.byteBudget, options.maxInputBytes)
        sized.initialQuality = Self.sizeQuality
        sized.minimumQuality = Self.sizeQuality
        var resizer = PhotoProcessor(options: sized, clock: clock)
        resizer.targetWidth = width
        return try resizer.processFile(atPath: path)
    }
}

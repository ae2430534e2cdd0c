/// Encodes an image so the JPEG (ICC segments included) fits a byte budget.
///
/// Order of attempts: the initial quality; if too big, the minimum quality; if that fits,
/// a binary search between them for the highest quality that fits (about six encodes);
/// if not even the minimum fits, the image is shrunk by about √(budget/size) — JPEG size
/// grows roughly with pixel count — resampled again from the unshrunk image (so blur does
/// not accumulate) and the search repeats.
struct BudgetedEncoder {
    let byteBudget: Int
    let initialQuality: Int
    let minimumQuality: Int
    /// Complete APP2 segments to insert after SOI/JFIF, or empty.
    let iccSegments: [UInt8]

    /// The encoded JPEG, its quality and the image actually encoded (smaller than
    /// `image` only when shrinking was needed).
    func encode(_ image: RGBImage) throws(PhotoProcessingError) -> (jpeg: [UInt8], quality: Int, image: RGBImage) {
        let compressor = try TurboJPEGCompressor()
        var current = image
        for _ in 0..<12 {
            let (result, smallestSize) = try bestQuality(for: current, compressor: compressor)
            if let result { return (result.jpeg, result.quality, current) }
            if current.width == 1, current.height == 1 { break }
            let factor = min(0.9, (Double(byteBudget) / Double(smallestSize)).squareRoot() * 0.95)
            let width = max(1, Int((Double(current.width) * factor).rounded()))
            let height = max(1, Int((Double(current.height) * factor).rounded()))
            current = LanczosResampler.resize(image, width: width, height: height)
        }
        throw .budgetUnreachable(budget: byteBudget)
    }

    /// The highest quality in `minimumQuality…initialQuality` that fits, or nil together
    /// with the size at the minimum quality (used to pick the shrink factor).
    private func bestQuality(
        for image: RGBImage, compressor: TurboJPEGCompressor
    ) throws(PhotoProcessingError) -> (result: (jpeg: [UInt8], quality: Int)?, smallestSize: Int) {
        let first = try encode(image, quality: initialQuality, compressor: compressor)
        if first.count <= byteBudget { return ((first, initialQuality), first.count) }
        let floor = try encode(image, quality: minimumQuality, compressor: compressor)
        guard floor.count <= byteBudget else { return (nil, floor.count) }
        var best = (jpeg: floor, quality: minimumQuality)
        var low = minimumQuality + 1
        var high = initialQuality - 1
        while low <= high {
            let middle = (low + high + 1) / 2
            let attempt = try encode(image, quality: middle, compressor: compressor)
            if attempt.count <= byteBudget {
                best = (attempt, middle)
                low = middle + 1
            } else {
                high = middle - 1
            }
        }
        return (best, floor.count)
    }

    private func encode(_ image: RGBImage, quality: Int, compressor: TurboJPEGCompressor) throws(PhotoProcessingError) -> [UInt8] {
        let jpeg = try compressor.encode(image, quality: quality, subsampling: .s420)
        return iccSegments.isEmpty ? jpeg : Self.insert(iccSegments, into: jpeg)
    }

    /// Inserts `segments` right after SOI, or after the JFIF APP0 when it follows SOI
    /// (JFIF requires its APP0 to come first).
    static func insert(_ segments: [UInt8], into jpeg: [UInt8]) -> [UInt8] {
        var offset = 2
        if jpeg.count >= 6, jpeg[2] == 0xFF, jpeg[3] == 0xE0 {
            offset = min(jpeg.count, 4 + (Int(jpeg[4]) << 8 | Int(jpeg[5])))
        }
        var out: [UInt8] = []
        out.reserveCapacity(jpeg.count + segments.count)
        out += jpeg[..<offset]
        out += segments
        out += jpeg[offset...]
        return out
    }
}

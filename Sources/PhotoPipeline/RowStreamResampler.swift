/// Lanczos-3 resampling of an image that arrives one row at a time (a PNG read row by
/// row): the same taps and integer arithmetic as `LanczosResampler`, so the result is the
/// same pixels, but only the few source rows the next output row needs are kept, in a
/// ring, and each output row is made as soon as its last source row arrives.
struct RowStreamResampler {
    let sourceWidth: Int
    let sourceHeight: Int
    let width: Int
    let height: Int
    private let vertical: ResamplingWeights
    private let horizontal: ResamplingWeights
    /// Source rows kept: one more than the most taps an output row has.
    private let ringRows: Int
    private var ring: [UInt8]
    private var accumulator: [Int32]
    private var verticalOutput: [UInt8]
    private var output: [UInt8]
    private var nextOutputRow = 0
    private var rowsReceived = 0

    init(sourceWidth: Int, sourceHeight: Int, width: Int, height: Int) {
        precondition(width <= sourceWidth && height <= sourceHeight && width > 0 && height > 0, "only shrinks")
        self.sourceWidth = sourceWidth
        self.sourceHeight = sourceHeight
        self.width = width
        self.height = height
        vertical = ResamplingWeights(sourceSize: sourceHeight, destinationSize: height)
        horizontal = ResamplingWeights(sourceSize: sourceWidth, destinationSize: width)
        ringRows = height == sourceHeight ? 1 : vertical.stride + 1
        ring = [UInt8](repeating: 0, count: ringRows * sourceWidth * 3)
        accumulator = [Int32](repeating: 0, count: sourceWidth * 3)
        verticalOutput = [UInt8](repeating: 0, count: sourceWidth * 3)
        output = [UInt8](repeating: 0, count: width * height * 3)
    }

    /// Takes the next source row (`sourceWidth × 3` bytes) and makes every output row
    /// whose taps are now all present.
    mutating func add(_ row: UnsafePointer<UInt8>) {
        guard rowsReceived < sourceHeight else { return }
        let rowLength = sourceWidth * 3
        let slot = rowsReceived % ringRows
        ring.withUnsafeMutableBufferPointer { ring in
            (ring.baseAddress! + slot * rowLength).update(from: row, count: rowLength)
        }
        let received = rowsReceived
        rowsReceived += 1
        while nextOutputRow < height, lastSourceRow(of: nextOutputRow) <= received {
            makeOutputRow(nextOutputRow)
            nextOutputRow += 1
        }
    }

    /// The resampled image; nil until every source row has arrived.
    func finish() -> RGBImage? {
        guard rowsReceived == sourceHeight, nextOutputRow == height else { return nil }
        return RGBImage(uncheckedWidth: width, height: height, pixels: output)
    }

    private func lastSourceRow(of y: Int) -> Int {
        height == sourceHeight ? y : vertical.starts[y] + vertical.counts[y] - 1
    }

    private mutating func makeOutputRow(_ y: Int) {
        let rowLength = sourceWidth * 3
        let outputRowLength = width * 3
        let ringRows = ringRows
        let vertical = vertical
        let horizontal = horizontal
        let sameHeight = height == sourceHeight
        let sameWidth = width == sourceWidth
        ring.withUnsafeBufferPointer { ring in
            accumulator.withUnsafeMutableBufferPointer { acc in
                verticalOutput.withUnsafeMutableBufferPointer { row in
                    output.withUnsafeMutableBufferPointer { output in
                        let rowStart: UnsafePointer<UInt8>
                        if sameHeight {
                            rowStart = ring.baseAddress! + (y % ringRows) * rowLength
                        } else {
                            LanczosResampler.verticalRow(y, weights: vertical, rowLength: rowLength, acc: acc, into: row) { tap in
                                ring.baseAddress! + ((vertical.starts[y] + tap) % ringRows) * rowLength
                            }
                            rowStart = UnsafePointer(row.baseAddress!)
                        }
                        let out = output.baseAddress! + y * outputRowLength
                        if sameWidth {
                            out.update(from: rowStart, count: outputRowLength)
                        } else {
                            LanczosResampler.horizontalRow(rowStart, weights: horizontal, width: width, into: out)
                        }
                    }
                }
            }
        }
    }
}

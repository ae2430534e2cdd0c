/// One colour component as the frame header (SOF) declares it: its id and its sampling
/// factors, which decide how many 8 × 8 blocks of it the image holds (4:2:0 chroma has a
/// quarter as many as luma). Kept because decode memory depends on them.
public struct JPEGComponent: Sendable, Equatable {
    public let id: UInt8
    /// Horizontal and vertical sampling factors (1…4 in a valid file).
    public let horizontalSampling: Int
    public let verticalSampling: Int

    public init(id: UInt8, horizontalSampling: Int, verticalSampling: Int) {
        self.id = id
        self.horizontalSampling = horizontalSampling
        self.verticalSampling = verticalSampling
    }
}

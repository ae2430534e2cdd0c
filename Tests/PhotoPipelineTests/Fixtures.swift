import Foundation
import ImageTestKit
import PhotoPipeline
import PhotoTestKit
import TestKit

/// Shared inputs for the JPEG tests: committed fixtures and freshly encoded JPEGs.
enum Fixtures {
    /// The bytes of a file under `Resources/`.
    static func resource(_ name: String) throws -> [UInt8] {
        try BundledResource.bytes(name, in: Bundle.module)
    }

    /// A photo-like JPEG of the given size, with `segments` (e.g. EXIF) inserted after SOI.
    static func jpeg(
        width: Int, height: Int, quality: Int = 92, subsampling: JPEGEncoder.Subsampling = .s420,
        progressive: Bool = false, segments: [UInt8] = []
    ) throws -> [UInt8] {
        let image = TestImages.photoLike(width: width, height: height)
        let jpeg = try JPEGEncoder.encode(image, quality: quality, subsampling: subsampling, progressive: progressive)
        return segments.isEmpty ? jpeg : JPEGTestTools.insertingAfterSOI(segments, into: jpeg)
    }

    /// A small JPEG carrying `exif`.
    static func jpeg(with exif: EXIFBuilder) throws -> [UInt8] {
        try jpeg(width: 40, height: 30, segments: exif.app1Segment())
    }

    /// Options for fast tests: a small box so the images stay small.
    static func options(box: Int = 2000, budget: Int = 5_000_000) -> PhotoProcessingOptions {
        PhotoProcessingOptions(boxSize: box, byteBudget: budget)
    }
}

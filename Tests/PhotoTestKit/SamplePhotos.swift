import ImageTestKit
import PhotoPipeline

/// Photos as phones produce them, for posting tests.
package enum SamplePhotos {
    /// A 400 × 300 photo-like JPEG taken near Powell's City of Books in Portland
    /// (45.5232 N, 122.6811 W), stored sideways with EXIF orientation 6.
    package static func portlandPhone() throws -> [UInt8] {
        var exif = EXIFBuilder()
        exif.latitude = .init(reference: "N", degrees: 45.5232)
        exif.longitude = .init(reference: "W", degrees: 122.6811)
        exif.orientation = 6
        let jpeg = try JPEGEncoder.encode(TestImages.photoLike(width: 400, height: 300), quality: 90)
        return JPEGTestTools.insertingAfterSOI(exif.app1Segment(), into: jpeg)
    }
}

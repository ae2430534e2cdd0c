import ImageTestKit
import PhotoPipeline
import PhotoTestKit
import TestKit
import Testing

/// HDR photos come out as their normal SDR picture, never washed out or black: an Ultra HDR
/// JPEG (Android's, with its gain map as a second image after the primary) and a HEIC with
/// an iPhone-style HDR gain map (an auxiliary image of type
/// urn:com:apple:photo:2020:aux:hdrgainmap, in `Resources/reference/photo-gainmap.heic`).
@Suite struct HDRPhotoTests {
    @Test func anUltraHDRJPEGIsPostedAsItsPrimaryPicture() throws {
        let picture = TestImages.photoLike(width: 160, height: 120, seed: 3)
        let primary = try JPEGEncoder.encode(picture, quality: 92)
        // The gain map: a quarter-size grey image, bright where the HDR picture is boosted.
        let map = TestImages.quadrants(width: 40, height: 30, colors: [(250, 250, 250), (30, 30, 30), (30, 30, 30), (250, 250, 250)])
        let gainMap = try JPEGEncoder.encode(map, quality: 85)
        let ultraHDR = UltraHDRJPEG.build(primary: primary, gainMap: gainMap)
        #expect(ultraHDR.suffix(gainMap.count - 2) == gainMap.suffix(gainMap.count - 2), "the gain map follows the primary")

        let photo = try PhotoProcessor().process(ultraHDR)
        #expect(photo.width == 160 && photo.height == 120, "the primary's size, not the gain map's")
        #expect(photo.jpeg == (try PhotoProcessor().process(primary)).jpeg, "the same photo as the SDR primary alone")
        let output = try JPEGDecoder.decode(photo.jpeg)
        #expect(SSIM.of(output, try JPEGDecoder.decode(primary)) > 0.98)
        let segments = JPEGTestTools.headerSegments(of: photo.jpeg)
        #expect(!segments.contains { $0.marker == 0xE2 && $0.payload.starts(with: Array("MPF\0".utf8)) }, "no MPF left")
        #expect(!segments.contains { $0.marker == 0xE1 }, "no XMP (hdrgm) left")
        #expect(JPEGTestTools.allMarkers(of: photo.jpeg).filter { $0 == 0xD8 }.count == 1, "one image: the gain map is not carried along")
    }

    @Test func aHEICWithAnHDRGainMapIsPostedAsItsPrimaryPicture() throws {
        let (photo, output) = try PipelineOutput.of(resource: "reference/photo-gainmap.heic")
        #expect(photo.width == 160 && photo.height == 120, "the primary's size, not the 80 × 60 gain map's")
        let reference = try PPMImage.decode(Fixtures.resource("reference/photo-heic.ppm"))
        #expect(SSIM.of(output, reference) > 0.98)
        let (plain, _) = try PipelineOutput.of(resource: "reference/photo.heic")
        #expect(photo.jpeg == plain.jpeg, "the same photo as the HEIC without a gain map")
    }
}

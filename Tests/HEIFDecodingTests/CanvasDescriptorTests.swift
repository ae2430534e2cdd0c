import TestKit
import Testing

@testable import HEIFDecoding

/// The grid descriptor is read from the boxes (libheif 1.15 has no call for it), so a grid
/// that would make a larger canvas than its `ispe` can be refused before decoding; a
/// well-formed grid agrees with its `ispe` and decodes as before.
@Suite struct CanvasDescriptorTests {
    @Test func aWellFormedGridMatchesItsISPEAndDecodes() throws {
        let bytes = try Fixtures.resource("tenbit.heic")
        let grid = try #require(bytes.withUnsafeBufferPointer { HEIFCanvasDescriptor.ofPrimaryItem(in: $0) })
        let info = try HEIFDecoder.inspect(bytes)
        #expect(grid == HEIFCanvasDescriptor(itemType: "grid", width: info.width, height: info.height))
        #expect(try HEIFDecoder.decode(bytes, maxPixels: 1_000_000).width == info.width)
    }

    @Test func aPrimaryImageThatIsNoGridHasNoDescriptor() throws {
        let bytes = try Fixtures.resource("quadrants.heic")
        #expect(bytes.withUnsafeBufferPointer { HEIFCanvasDescriptor.ofPrimaryItem(in: $0) } == nil)
    }

    @Test func aGridWhoseSizeDisagreesIsRefusedAsCorrupt() throws {
        var bytes = try Fixtures.resource("tenbit.heic")
        let grid = try #require(bytes.withUnsafeBufferPointer { HEIFCanvasDescriptor.ofPrimaryItem(in: $0) })
        // Find the descriptor (version 0, flags, rows − 1, columns − 1, 16-bit width, height)
        // and make its width 20000.
        let pattern: [UInt8] = [UInt8(grid.width >> 8), UInt8(grid.width & 0xFF), UInt8(grid.height >> 8), UInt8(grid.height & 0xFF)]
        let at = try #require((4..<(bytes.count - 4)).first { Array(bytes[$0..<($0 + 4)]) == pattern && bytes[$0 - 4] == 0 })
        bytes[at] = 0x4E
        bytes[at + 1] = 0x20
        #expect(bytes.withUnsafeBufferPointer { HEIFCanvasDescriptor.ofPrimaryItem(in: $0) }?.width == 20000)
        #expect {
            try HEIFDecoder.inspect(bytes)
        } throws: { error in
            guard case .corrupt(let failure) = error as? HEIFError else { return false }
            return failure.operation == "grid"
        }
    }
}

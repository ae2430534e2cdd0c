import ImageTestKit
import PhotoPipeline

/// Builds an Ultra HDR JPEG (Android 14's HDR photo format, Adobe's gain map spec) the way
/// the format defines it: an ordinary SDR JPEG, the primary image, whose XMP says it has a
/// gain map (`hdrgm:Version`, a GContainer directory naming the primary and the gain map
/// item with its length) and whose MPF segment (CIPA DC-007, APP2) lists a second image at
/// an offset after the primary's EOI; that second image is the gain map, a small grey JPEG
/// with its own `hdrgm` XMP (gain range, gamma, offsets, HDR capacity). A viewer that knows
/// the format boosts the primary with the map on an HDR screen; everything else, and what
/// GrainStories must post, is the primary.
enum UltraHDRJPEG {
    /// `primary` with its XMP and MPF segments, then `gainMap` with its XMP.
    static func build(primary: [UInt8], gainMap: [UInt8]) -> [UInt8] {
        let gainMapFile = JPEGTestTools.insertingAfterSOI(xmpSegment(gainMapXMP), into: gainMap)
        let xmp = xmpSegment(primaryXMP(gainMapLength: gainMapFile.count))
        // The MPF segment's size does not depend on the offsets, so build it twice: once to
        // learn where everything lands, then with the real numbers.
        var mpf = mpfSegment(primaryLength: 0, gainMapLength: 0, gainMapOffset: 0)
        let primaryLength = primary.count + xmp.count + mpf.count
        // Offsets in MPF count from the TIFF header inside the segment: SOI (2), the XMP
        // segment, the APP2 marker and length (4) and "MPF\0" (4).
        let tiffHeader = 2 + xmp.count + 4 + 4
        mpf = mpfSegment(primaryLength: primaryLength, gainMapLength: gainMapFile.count, gainMapOffset: primaryLength - tiffHeader)
        return JPEGTestTools.insertingAfterSOI(xmp + mpf, into: primary) + gainMapFile
    }

    static let gainMapXMP = """
        <x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">\
        <rdf:Description xmlns:hdrgm="http://ns.adobe.com/hdr-gain-map/1.0/" hdrgm:Version="1.0" \
        hdrgm:GainMapMin="0" hdrgm:GainMapMax="2.3" hdrgm:Gamma="1" hdrgm:OffsetSDR="0.015625" \
        hdrgm:OffsetHDR="0.015625" hdrgm:HDRCapacityMin="0" hdrgm:HDRCapacityMax="2.3" \
        hdrgm:BaseRenditionIsHDR="False"/></rdf:RDF></x:xmpmeta>
        """

    static func primaryXMP(gainMapLength: Int) -> String {
        """
        <x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">\
        <rdf:Description xmlns:Container="http://ns.google.com/photos/1.0/container/" \
        xmlns:Item="http://ns.google.com/photos/1.0/container/item/" \
        xmlns:hdrgm="http://ns.adobe.com/hdr-gain-map/1.0/" hdrgm:Version="1.0"><Container:Directory><rdf:Seq>\
        <rdf:li rdf:parseType="Resource"><Container:Item Item:Semantic="Primary" Item:Mime="image/jpeg"/></rdf:li>\
        <rdf:li rdf:parseType="Resource"><Container:Item Item:Semantic="GainMap" Item:Mime="image/jpeg" \
        Item:Length="\(gainMapLength)"/></rdf:li></rdf:Seq></Container:Directory></rdf:Description></rdf:RDF></x:xmpmeta>
        """
    }

    static func xmpSegment(_ xmp: String) -> [UInt8] {
        JPEGTestTools.segment(marker: 0xE1, payload: Array("http://ns.adobe.com/xap/1.0/\0".utf8) + Array(xmp.utf8))
    }

    /// APP2 "MPF\0", a big-endian TIFF header and one IFD: MPFVersion "0100", NumberOfImages
    /// 2, MPEntry (16 bytes per image: attribute, size, offset, two dependent-image entries).
    static func mpfSegment(primaryLength: Int, gainMapLength: Int, gainMapOffset: Int) -> [UInt8] {
        func u16(_ v: Int) -> [UInt8] { [UInt8(v >> 8 & 0xFF), UInt8(v & 0xFF)] }
        func u32(_ v: Int) -> [UInt8] { [UInt8(v >> 24 & 0xFF), UInt8(v >> 16 & 0xFF), UInt8(v >> 8 & 0xFF), UInt8(v & 0xFF)] }
        let ifdEntries = 3
        let entriesOffset = 8 + 2 + ifdEntries * 12 + 4
        var tiff: [UInt8] = Array("MM".utf8) + u16(42) + u32(8) + u16(ifdEntries)
        tiff += u16(0xB000) + u16(7) + u32(4) + Array("0100".utf8)
        tiff += u16(0xB001) + u16(4) + u32(1) + u32(2)
        tiff += u16(0xB002) + u16(7) + u32(32) + u32(entriesOffset)
        tiff += u32(0)  // no next IFD
        tiff += u32(0x030000) + u32(primaryLength) + u32(0) + u16(0) + u16(0)  // baseline primary
        tiff += u32(0) + u32(gainMapLength) + u32(gainMapOffset) + u16(0) + u16(0)
        return JPEGTestTools.segment(marker: 0xE2, payload: Array("MPF\0".utf8) + tiff)
    }
}

/// The marker-by-marker walk behind `JPEGInspector`; a small state machine over the bytes,
/// in memory or read from a file a window at a time (`JPEGByteSource`).
struct JPEGMarkerWalker<Source: JPEGByteSource> {
    private let bytes: Source
    private var position = 2
    private var frame: (type: Int, precision: Int, height: Int, width: Int, components: [JPEGComponent])?
    private var firstScanComponentCount: Int?
    private var sawScan = false
    private var sawJFIF = false
    private var adobeTransform: Int?
    private var isComplete = false
    private var exif: [UInt8]?
    private var icc = ICCProfileAssembler()

    init(bytes: Source) { self.bytes = bytes }

    /// Walks to EOI. Running out of data stops the walk; `header()` decides what that means.
    mutating func walk() throws(PhotoProcessingError) {
        while let marker = nextMarker() {
            switch marker {
            case 0xD8:
                throw .corrupt("a second start-of-image marker")
            case 0xD9:
                guard sawScan else { throw .corrupt("the image ends before any image data") }
                isComplete = true
                return
            case 0x01, 0xD0...0xD7:
                continue  // stand-alone markers carry no length
            default:
                guard let payload = segmentPayload() else { return }
                try handleSegment(marker: marker, payload: payload)
                if marker == 0xDA {
                    guard skipEntropyCodedData() else { return }
                }
            }
        }
    }

    /// Builds the header from what the walk saw.
    func header() throws(PhotoProcessingError) -> JPEGHeader {
        guard let frame else {
            if isComplete || position < bytes.count { throw .corrupt("no frame header (SOF) before image data") }
            throw .truncated
        }
        return JPEGHeader(
            width: frame.width, height: frame.height, componentCount: frame.components.count,
            precision: frame.precision, frameType: frame.type,
            colorModel: colorModel(componentIDs: frame.components.map(\.id)),
            hasAdobeMarker: adobeTransform != nil, isComplete: isComplete && sawScan,
            exif: exif, iccProfile: icc.profile(),
            components: frame.components, firstScanComponentCount: firstScanComponentCount
        )
    }

    /// Reads the next marker code at `position` (skipping 0xFF fill bytes), or nil at the end.
    private mutating func nextMarker() -> UInt8? {
        guard position < bytes.count else { return nil }
        guard bytes.byte(at: position) == 0xFF else {
            // Garbage between segments; libjpeg skips it with a warning, we do the same
            // by searching for the next marker (the decoder will still refuse real damage).
            guard let next = bytes.firstFF(from: position) else {
                position = bytes.count
                return nil
            }
            position = next
            return nextMarker()
        }
        while position < bytes.count, bytes.byte(at: position) == 0xFF { position += 1 }
        guard position < bytes.count else { return nil }
        defer { position += 1 }
        return bytes.byte(at: position)
    }

    /// The payload of the length-prefixed segment at `position`, advancing past it;
    /// nil when the data ends inside it.
    private mutating func segmentPayload() -> ArraySlice<UInt8>? {
        guard position + 2 <= bytes.count else {
            position = bytes.count
            return nil
        }
        let length = Int(bytes.byte(at: position)) << 8 | Int(bytes.byte(at: position + 1))
        guard length >= 2, position + length <= bytes.count else {
            position = bytes.count
            return nil
        }
        defer { position += length }
        return bytes.bytes(in: (position + 2)..<(position + length))
    }

    private mutating func handleSegment(marker: UInt8, payload: ArraySlice<UInt8>) throws(PhotoProcessingError) {
        switch marker {
        case 0xC0...0xCF where ![0xC4, 0xC8, 0xCC].contains(marker):
            try readFrame(type: Int(marker - 0xC0), payload: payload)
        case 0xDA:
            guard frame != nil else { throw .corrupt("image data (SOS) before the frame header (SOF)") }
            if !sawScan, let count = payload.first { firstScanComponentCount = Int(count) }
            sawScan = true
        case 0xE0 where !sawScan:
            if payload.starts(with: Array("JFIF\0".utf8)) { sawJFIF = true }
        case 0xE1 where !sawScan && exif == nil:
            let signature: [UInt8] = Array("Exif".utf8) + [0, 0]
            if payload.starts(with: signature) { exif = Array(payload.dropFirst(signature.count)) }
        case 0xE2 where !sawScan:
            icc.add(segment: payload)
        case 0xEE where !sawScan:
            if payload.count >= 12, payload.starts(with: Array("Adobe".utf8)) {
                adobeTransform = Int(payload[payload.startIndex + 11])
            }
        default:
            break
        }
    }

    private mutating func readFrame(type: Int, payload: ArraySlice<UInt8>) throws(PhotoProcessingError) {
        guard frame == nil else { throw .corrupt("more than one frame header (SOF)") }
        let p = Array(payload)
        guard p.count >= 6 else { throw .corrupt("frame header too short") }
        let count = Int(p[5])
        guard count > 0, p.count >= 6 + 3 * count else { throw .corrupt("frame header too short for its components") }
        let components = (0..<count).map { (index: Int) -> JPEGComponent in
            let sampling = p[7 + 3 * index]
            return JPEGComponent(id: p[6 + 3 * index], horizontalSampling: Int(sampling >> 4), verticalSampling: Int(sampling & 0x0F))
        }
        let height = Int(p[1]) << 8 | Int(p[2])
        let width = Int(p[3]) << 8 | Int(p[4])
        frame = (type, Int(p[0]), height, width, components)
    }

    /// Skips entropy-coded bytes up to the next real marker (not a stuffed 0xFF00 or a
    /// restart marker), leaving `position` on its 0xFF. False if the data ends first.
    private mutating func skipEntropyCodedData() -> Bool {
        var index = position
        while let at = bytes.firstFF(from: index) {
            var next = at + 1
            while next < bytes.count, bytes.byte(at: next) == 0xFF { next += 1 }
            guard next < bytes.count else { break }
            let code = bytes.byte(at: next)
            if code == 0x00 || (0xD0...0xD7).contains(code) {
                index = next + 1
                continue
            }
            position = next - 1
            return true
        }
        position = bytes.count
        return false
    }

    /// libjpeg's rules (jdapimin.c `default_decompress_parms`) for what the components mean.
    private func colorModel(componentIDs ids: [UInt8]) -> JPEGHeader.ColorModel {
        switch ids.count {
        case 1:
            return .grayscale
        case 3:
            if sawJFIF { return .ycbcr }
            if let adobeTransform { return adobeTransform == 0 ? .rgb : .ycbcr }
            return ids == [0x52, 0x47, 0x42] ? .rgb : .ycbcr
        case 4:
            if let adobeTransform { return adobeTransform == 2 ? .ycck : .cmyk }
            return .cmyk
        default:
            return .ycbcr  // reported as unsupported by the processor (component count)
        }
    }
}

extension JPEGHeader {
    /// Refuses, before any decoding, what the pipeline will not decode: images above the
    /// pixel limit (checked first, so a bomb is named as such even if it is also cut
    /// short), variants TurboJPEG 2.1 cannot decode, and truncated data.
    func checkDecodable(maxPixels: Int) throws(PhotoProcessingError) {
        guard width > 0, height > 0 else { throw .unsupported("zero image dimensions (DNL marker)") }
        guard pixelCount <= maxPixels else { throw .tooManyPixels(width: width, height: height, limit: maxPixels) }
        guard precision == 8 else { throw .unsupported("\(precision)-bit samples") }
        switch frameType {
        case 0, 1, 2, 9, 10: break
        case 3, 11: throw .unsupported("lossless JPEG")
        default: throw .unsupported("hierarchical JPEG")
        }
        guard [1, 3, 4].contains(componentCount) else { throw .unsupported("\(componentCount) colour components") }
        // libjpeg refuses these too ("Bogus sampling factors"); checked here so the memory
        // estimate never divides by a zero factor.
        guard components.allSatisfy({ (1...4).contains($0.horizontalSampling) && (1...4).contains($0.verticalSampling) }) else {
            throw .corrupt("invalid sampling factors")
        }
        guard isComplete else { throw .truncated }
    }
}

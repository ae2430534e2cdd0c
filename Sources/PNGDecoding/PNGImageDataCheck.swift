import GzipCompression

/// Inflates a PNG's image data once, counting, before libpng reads it: the data must not
/// inflate past the exact size the IHDR implies (`PNGHeader.inflatedBytes`), and the
/// caller's deadline is asked between 64 KB chunks of output.
///
/// Why: libpng inflates whatever follows the last row too ("extra compressed data"), so a
/// 1 × 1 PNG with 40 GB of deflated zeros took it minutes (issue 21). The inspector already
/// refuses more IDAT than the picture can need; this stops a stream that fits that bound
/// but inflates without end, after at most one picture's worth of work. Then libpng reads
/// the same bytes, which are known to end in time.
package enum PNGImageDataCheck {
    /// Throws `.sizeMismatch` when the image data of `bytes` (inspected as `header`)
    /// inflates past the picture, `.timedOut` when `shouldStop` says so, `.corrupt` when
    /// zlib refuses it. Data that stops early is left to libpng to report.
    package static func check(_ bytes: [UInt8], header: PNGHeader, shouldStop: () -> Bool) throws(PNGError) {
        let outcome = bytes.withUnsafeBufferPointer {
            InflateMeter.measure($0, pieces: header.imageData, limit: header.inflatedBytes, shouldStop: shouldStop)
        }
        switch outcome {
        case .ended, .incomplete: return
        case .exceedsLimit:
            throw PNGError.inflatesPastPicture(header)
        case .stopped: throw PNGError(.timedOut, "the decode deadline passed while inflating the image data")
        case .damaged(let status): throw PNGError(.corrupt, "the image data is not a valid zlib stream (zlib status \(status))")
        }
    }
}

import HEIFDecoding

/// Turns a decoder's YCbCr planes into packed 8-bit RGB one row at a time, with libheif
/// 1.15.1's own arithmetic (see `HEIFYCbCrMatrix`: the same `Float` operations in the same
/// order, the same rounding, chroma taken from the nearest sample up and to the left, not
/// interpolated), so the rows are the bytes libheif's conversion would have made and the
/// resampled photo is unchanged. Fed to `RowStreamResampler`, no full-size RGB exists.
struct YCbCrRowConverter {
    let planes: HEIFPlanarYCbCr

    /// Writes row `y` (`width × 3` bytes) into `out`.
    func convertRow(_ y: Int, into out: UnsafeMutablePointer<UInt8>) {
        let luma = planes.luma.base + y * planes.luma.stride
        let chromaRow = y >> planes.verticalShift
        let cb = planes.blueDifference.base + chromaRow * planes.blueDifference.stride
        let cr = planes.redDifference.base + chromaRow * planes.redDifference.stride
        let shift = planes.horizontalShift
        let width = planes.width
        switch planes.matrix {
        case .identity:
            for x in 0..<width {
                let (g, b, r) = (luma[x], cb[x >> shift], cr[x >> shift])
                if planes.fullRange {
                    (out[x * 3], out[x * 3 + 1], out[x * 3 + 2]) = (r, g, b)
                } else {
                    (out[x * 3], out[x * 3 + 1], out[x * 3 + 2]) = (Self.limited(r), Self.limited(g), Self.limited(b))
                }
            }
        case .coefficients(let rCr, let gCb, let gCr, let bCb):
            if planes.fullRange {
                for x in 0..<width {
                    let yv = Float(luma[x])
                    let cbv = Float(Int32(cb[x >> shift]) - 128)
                    let crv = Float(Int32(cr[x >> shift]) - 128)
                    Self.store(yv, cbv, crv, rCr, gCb, gCr, bCb, into: out + x * 3)
                }
            } else {
                for x in 0..<width {
                    let yv = (Float(luma[x]) - 16) * 1.1689
                    let cbv = Float(Int32(cb[x >> shift]) - 128) * 1.1429
                    let crv = Float(Int32(cr[x >> shift]) - 128) * 1.1429
                    Self.store(yv, cbv, crv, rCr, gCb, gCr, bCb, into: out + x * 3)
                }
            }
        }
    }

    @inline(__always)
    private static func store(
        _ yv: Float, _ cb: Float, _ cr: Float, _ rCr: Float, _ gCb: Float, _ gCr: Float, _ bCb: Float,
        into pixel: UnsafeMutablePointer<UInt8>
    ) {
        pixel[0] = clip(yv + rCr * cr)
        pixel[1] = clip(yv + gCb * cb + gCr * cr)
        pixel[2] = clip(yv + bCb * cb)
    }

    /// libheif's `clip_f_u16(value, 255)`: add 0.5, truncate toward zero, clamp.
    @inline(__always)
    private static func clip(_ value: Float) -> UInt8 {
        let rounded = value + 0.5
        if !(rounded > 0) { return 0 }  // also NaN, which the inputs cannot make
        if rounded >= 255 { return 255 }
        return UInt8(truncatingIfNeeded: Int32(rounded))
    }

    /// libheif's limited-range identity formula, `((v × 219 + 128) >> 8) + 16`.
    @inline(__always)
    private static func limited(_ value: UInt8) -> UInt8 {
        UInt8(truncatingIfNeeded: ((Int(value) * 219 + 128) >> 8) + 16)
    }
}

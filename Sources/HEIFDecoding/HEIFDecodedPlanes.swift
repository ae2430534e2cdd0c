/// What one decode for resampling produced (`HEIFDecoder.withDecodedPlanes`): the
/// decoder's YCbCr planes when the pass-through could be used, otherwise libheif's planar
/// RGB (a grid image, whose tiles libheif assembles in RGB; a `clap` crop, which libheif
/// cuts on subsampled chroma differently from its RGB; odd sides at 4:2:0) — either way
/// from a single decode.
package enum HEIFDecodedPlanes {
    case yCbCr(HEIFPlanarYCbCr)
    case rgb(HEIFPlanarRGB)
}

/// The coding of a HEIF file's pictures, as far as this decoder needs to tell them apart.
///
/// libheif 1.15 has no call naming a handle's codec, so `HEIFInfo.codec` is derived
/// from the file's brands (`avif`/`avis` → AV1; `heic`/`heix`/`heim`/`heis`/`hevc`/`hevx`
/// → HEVC); a file with only generic brands (`mif1`, `msf1`) reports nil.
package enum HEIFCodec: String, Sendable, Equatable, CaseIterable {
    /// H.265: what iPhones and most Android phones write (`.heic`).
    case hevc = "HEVC"
    /// AV1 (`.avif`).
    case av1 = "AV1"

    /// The codec implied by the main and compatible brands (four-character codes), if any.
    static func implied(byBrands brands: [String]) -> HEIFCodec? {
        for brand in brands {
            switch brand {
            case "avif", "avis": return .av1
            case "heic", "heix", "heim", "heis", "hevc", "hevx": return .hevc
            default: continue
            }
        }
        return nil
    }
}

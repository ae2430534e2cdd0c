package import ATProto
import FoundationEssentials

/// The `sizes` attribute of each kind of story image: how wide it is drawn, in CSS pixels,
/// from the CSS in `Public/app.css` and `tv.css`, so the browser picks from `srcset`
/// (`MediaURLSigner.srcset`, `MediaWidths`) the smallest width that is sharp on its screen.
///
/// A tile that crops the photo (`object-fit: cover`) needs more of the photo's width than
/// the tile has when the photo is wider than the tile's shape: a 3:4 photo in a 9:16 tile
/// needs 4/3 of the tile's width (`cropFactor`). Above 2560 and 3200 px the pages are
/// zoomed 1.5 and 2 times (app.css), which `sizes` must count itself. `vh` and `vw` here
/// are the screen's, as media queries see it.
package enum ImageSizes {
    /// The photo in the viewer and on TV, shown whole (`object-fit: contain`): as wide as
    /// the screen's height allows for its shape, within the stage (at most 480 px wide on a
    /// phone).
    ///
    /// On a phone the viewer lets a photo whose shape is close to the screen's fill it
    /// (`object-fit: cover`, `fillsPhone`), drawn wider than the screen; `sizes` says so
    /// itself, with the same rule as a media query on the screen's shape, so the browser
    /// fetches the one width it will draw at instead of a narrower one first and the
    /// wider one after the script has measured.
    package static func wholePhoto(_ aspect: AspectRatio, stage: Bool = true) -> String {
        let height = "calc(100vh * \(ratio(aspect)))"
        guard stage else { return "min(100vw, \(height))" }
        let shape = value(aspect)
        // Screens (width / height) for which the photo fills: its shape within a fifth.
        let narrowest = Int((shape * (1 - fillCrop) * 1000).rounded())
        let widest = Int((shape / (1 - fillCrop) * 1000).rounded())
        let fills = "(max-width: 480px) and (min-aspect-ratio: \(narrowest)/1000) and (max-aspect-ratio: \(widest)/1000) max(100vw, \(height))"
        return "(min-width: 720px) min(100vw, \(height)), \(fills), min(100vw, 480px, \(height))"
    }

    /// The most of a photo the phone viewer cuts off to let it fill the screen
    /// (`MAX_CROP` in `Public/viewer.js`).
    static let fillCrop = 0.2

    /// One of two portraits side by side on TV (`tv.css`'s pair): half the screen's width
    /// at most, as tall as the screen allows for its shape.
    package static func pairedPhoto(_ aspect: AspectRatio) -> String {
        "min(50vw, calc(100vh * \(ratio(aspect))))"
    }

    /// A profile's current stories (9:16 tiles, auto-fill columns of at least 96 px, gap 8,
    /// in a main at most 960 wide, padding 16).
    package static func profileStory(_ aspect: AspectRatio) -> String {
        cropped(aspect, tile: 9.0 / 16.0, largest: 140, widths: ["(min-width: 960px) 128px", "(min-width: 440px) 140px", "calc((100vw - 48px) / 3)"])
    }

    /// An archive tile (3:4, auto-fill columns of at least 110 px, gap 8, main at most 960).
    package static func archiveTile(_ aspect: AspectRatio) -> String {
        cropped(aspect, tile: 3.0 / 4.0, largest: 130, widths: ["(min-width: 960px) 126px", "(min-width: 500px) 130px", "calc((100vw - 48px) / 3)"])
    }

    /// A person beside the viewer on a wide screen (9:16, `clamp(140px, 12vw, 240px)`).
    package static func neighbour(_ aspect: AspectRatio) -> String {
        cropped(aspect, tile: 9.0 / 16.0, largest: 240, widths: ["clamp(140px, 12vw, 240px)"])
    }

    /// `widths` (media conditions and lengths, the last without a condition) times what the
    /// crop of a photo of `aspect` in a tile of shape `tile` (width / height) needs, with
    /// the 4K zooms of the `largest` width in front.
    static func cropped(_ aspect: AspectRatio, tile: Double, largest: Double, widths: [String]) -> String {
        let factor = cropFactor(aspect, tile: tile)
        let scaled = widths.map { entry -> String in
            guard factor > 1.001 else { return entry }
            let parts = entry.split(separator: " ", maxSplits: entry.hasPrefix("(") ? 2 : 0)
            let length = String(parts.last ?? "")
            let condition = parts.count > 1 ? parts.dropLast().joined(separator: " ") + " " : ""
            return condition + "calc(\(length) * \(number(factor)))"
        }
        let zoomed = [
            "(min-width: 3200px) \(Int((largest * 2 * factor).rounded(.up)))px", "(min-width: 2560px) \(Int((largest * 1.5 * factor).rounded(.up)))px",
        ]
        return (zoomed + scaled).joined(separator: ", ")
    }

    /// How much wider than a tile of shape `tile` a photo of `aspect` must be to cover it.
    static func cropFactor(_ aspect: AspectRatio, tile: Double) -> Double {
        max(1, value(aspect) / tile)
    }

    /// Width over height, as a short decimal.
    static func ratio(_ aspect: AspectRatio) -> String { number(value(aspect)) }

    private static func value(_ aspect: AspectRatio) -> Double {
        let sane = aspect.sanitized
        return Double(sane.width) / Double(sane.height)
    }

    /// `value` with at most three decimals, without trailing zeros.
    static func number(_ value: Double) -> String {
        let thousandths = Int((value * 1000).rounded())
        let whole = thousandths / 1000
        var fraction = String(thousandths % 1000)
        while fraction.count < 3 { fraction = "0" + fraction }
        while fraction.hasSuffix("0") { fraction.removeLast() }
        return fraction.isEmpty ? String(whole) : "\(whole).\(fraction)"
    }
}

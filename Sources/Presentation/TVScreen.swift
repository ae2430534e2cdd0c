package import GrainSupport
package import Viewing

/// How one TV shows what it shows, from the operator's options, the screen's own settings
/// (`TVScreenSettings`) and what its script said of it (`TVScreenFacts`): the quiet hours
/// in force and the time zone they follow, the clock, fading, its shape and QR codes.
package struct TVScreen: Sendable {
    package var nightHours: TVNightHours?
    package var zone: ZoneInfo
    package var clock: Bool
    package var fade: Bool
    /// Wider than tall (or not known to be otherwise): portraits may pair.
    package var wide: Bool
    /// Whether each story shows a QR code of its own page.
    package var qrCodes: Bool

    package init(
        nightHours: TVNightHours? = nil, zone: ZoneInfo = .utc, clock: Bool = false, fade: Bool = true, wide: Bool = true, qrCodes: Bool = false
    ) {
        self.nightHours = nightHours
        self.zone = zone
        self.clock = clock
        self.fade = fade
        self.wide = wide
        self.qrCodes = qrCodes
    }
}

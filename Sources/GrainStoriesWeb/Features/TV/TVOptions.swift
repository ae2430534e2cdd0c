import GrainSupport
import Presentation
import Viewing

/// The operator's TV options, checked at start-up (`--tv-night-hours`, `--tv-time-zone`,
/// `--tv-portrait-pairs`, `--tv-qr-code`), and how they combine with one screen's own
/// settings and what its script said of it into that screen's `TVScreen`.
struct TVOptions: Sendable {
    var nightHours: TVNightHours?
    /// The operator's time zone, for screens that did not say theirs.
    var zone: ZoneInfo
    var pairing: TVPairing
    var qrCodes: Bool
    /// Where the zones screens name are read.
    var zones: ZoneInfoCatalog

    /// The options of `configuration`; its time zone was checked when it was read.
    init(configuration: AppConfiguration, zones: ZoneInfoCatalog = ZoneInfoCatalog()) {
        nightHours = configuration.tvNightHours
        zone = (try? zones.zone(named: configuration.tvTimeZone)) ?? .utc
        pairing = configuration.tvPortraitPairs
        qrCodes = configuration.tvQRCode
        self.zones = zones
    }

    /// The screen a request comes from: its settings over the operator's, and its own time
    /// zone when its browser gave one this system knows (else the operator's).
    func screen(settings: TVScreenSettings, facts: TVScreenFacts) -> TVScreen {
        let own = facts.zone.flatMap { try? zones.zone(named: $0) }
        return TVScreen(
            nightHours: settings.nightHours(server: nightHours), zone: own ?? zone, clock: settings.clock, fade: settings.fade,
            wide: facts.wide ?? true, qrCodes: qrCodes)
    }
}

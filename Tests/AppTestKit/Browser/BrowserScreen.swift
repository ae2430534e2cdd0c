/// The three screens a household looks at stories on, as the browser tests emulate
/// them: a phone (touch, a dense display), a laptop and a TV across the room.
package enum BrowserScreen: String, CaseIterable, Sendable, CustomStringConvertible {
    case phone
    case desktop
    case tv

    package var width: Int {
        switch self {
        case .phone: 390
        case .desktop: 1280
        case .tv: 1920
        }
    }

    package var height: Int {
        switch self {
        case .phone: 844
        case .desktop: 800
        case .tv: 1080
        }
    }

    package var pixelRatio: Double { self == .phone ? 3 : 1 }

    /// A touch screen with a mobile viewport (only the phone).
    package var isMobile: Bool { self == .phone }

    package var description: String { "\(rawValue) \(width)×\(height)" }

    /// chromedriver's `mobileEmulation.deviceMetrics` for this screen.
    var deviceMetrics: WebDriverJSON {
        [
            "width": .number(Double(width)), "height": .number(Double(height)), "pixelRatio": .number(pixelRatio),
            "touch": .bool(isMobile), "mobile": .bool(isMobile),
        ]
    }
}

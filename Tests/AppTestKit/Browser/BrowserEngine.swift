/// The browser engines the browser tests run in: Chromium (what most Android phones and
/// desktops show) and WebKit (what every iPhone shows, here as WebKitGTK). Tests take it
/// as an argument so each flow is checked in both.
package enum BrowserEngine: String, CaseIterable, Sendable, CustomStringConvertible {
    case chromium
    case webkit

    package var description: String { rawValue }

    /// Whether the engine can emulate a touch screen. WebKitGTK cannot: it reports a
    /// fine pointer and has no touch emulation, so its gestures are driven with the mouse
    /// (the viewer listens to pointer events, which both produce alike).
    package var emulatesTouch: Bool { self == .chromium }

    /// Starts this engine's WebDriver server.
    package func startDriver() async throws -> any BrowserDriver {
        switch self {
        case .chromium: try ChromeDriver()
        case .webkit: try await WebKitDriver.start()
        }
    }
}

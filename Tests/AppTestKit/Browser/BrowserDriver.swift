/// A WebDriver server for one engine (chromedriver, WebKitWebDriver). Sessions speak
/// the same W3C protocol to either (`WebDriver`); only how the server is launched and
/// what a new session asks for differ.
package protocol BrowserDriver: Sendable {
    var engine: BrowserEngine { get }
    var port: Int { get }

    /// What a new session asks for: a browser showing `screen`, with reduced motion and
    /// the dark scheme where the engine can only set those at launch.
    func capabilities(screen: BrowserScreen, reducedMotion: Bool, dark: Bool) -> [String: WebDriverJSON]

    /// Stops the server and whatever it started.
    func stop()
}

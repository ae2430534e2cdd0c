import AppTestKit
import Foundation
import Testing

/// Chromium makes a directory for its single-instance socket in `TMPDIR` and leaves it
/// behind when it does not exit cleanly; a whole test run used to leave about 150 in
/// /tmp. The driver gives each Chromium its own `TMPDIR` and removes it when stopped.
@Suite struct ChromeDriverTemporaryFilesTests {
    @Test func chromiumKeepsItsTemporaryFilesInTheDriversDirectoryWhichStopRemoves() async throws {
        let driver = try ChromeDriver()
        let directory = driver.temporaryDirectory
        let session = try await WebDriver.start(driver, screen: .phone)
        let inside = try FileManager.default.contentsOfDirectory(atPath: directory)
        // The socket's directory, beside the profile chromedriver makes (`…scoped_dir…`).
        #expect(inside.contains { $0.hasPrefix("org.chromium.Chromium.") && !$0.contains("scoped_dir") }, "\(inside)")
        await session.quit()
        driver.stop()
        #expect(!FileManager.default.fileExists(atPath: directory))
    }
}

import AppTestKit
import CurlHTTPClient
import Foundation
import GrainStoriesWeb
import TestKit
import Testing

/// A new release of the assets takes over an installed app without a stale mix, in
/// Chromium: the server runs release 1 (a copy of `Public/` whose stylesheet and script
/// say "1") under its service worker, then restarts on the same address and data with
/// release 2 (the same files saying "2": new fingerprints, so a new `/sw.js`). After a
/// reload the page is wholly release 2, the new worker controls it, only the new release's
/// cache is left, and the offline page it keeps names only files in that cache.
@Suite(.serialized) struct WebAppReleaseBrowserTests {
    typealias F = BrowserFixture

    /// What a release's `/sw.js` says of it (`self.GRAIN_RELEASE`).
    struct Release: Decodable, Equatable {
        var version: String
        var offline: String
        var assets: [String]
    }

    /// The release marker each of the page's own stylesheet and script shows, the asset
    /// URLs the page names, and every asset it loaded.
    static let pageRelease = """
        const paths = (list) => list.map(url => new URL(url).pathname);
        return { css: getComputedStyle(document.documentElement).getPropertyValue('--test-release').trim(),
                 js: window.testRelease || null,
                 named: paths([...document.querySelectorAll('link[rel=stylesheet]')].map(l => l.href)
                        .concat([...document.querySelectorAll('script[src]')].map(s => s.src))),
                 loaded: paths(performance.getEntriesByType('resource').map(e => e.name)).filter(p => p.startsWith('/assets/')) };
        """

    /// The new worker is in control: the only cache left is release `arguments[0]`'s (which
    /// only that release's worker makes, and only its activation deletes the others), the
    /// registration has nothing installing or waiting, and the page's controller is its
    /// active worker.
    static let newWorkerControls = """
        return caches.keys().then(names => navigator.serviceWorker.getRegistration('/').then(r =>
          names.length === 1 && names[0] === 'grainstories-' + arguments[0] && !!r && !r.installing && !r.waiting &&
          !!r.active && r.active.state === 'activated' && navigator.serviceWorker.controller === r.active));
        """

    /// The one cache's URLs, and the asset URLs the offline page kept in it names.
    static let keptShell = """
        return caches.keys().then(names => caches.open(names[0])).then(cache => cache.keys().then(requests =>
          cache.match('/offline').then(page => page ? page.text() : '').then(text => ({
            kept: requests.map(r => new URL(r.url).pathname),
            offlineNames: (text.match(/\\/assets\\/[^"' )]+/g) || []) }))));
        """

    @Test func aNewReleaseTakesOverWithoutAStaleMix() async throws {
        let scratch = ProjectPaths.temporaryDirectory("release")
        defer { try? FileManager.default.removeItem(atPath: scratch) }
        let publicFiles = scratch + "/Public"
        try FileManager.default.copyItem(atPath: ProjectPaths.publicFiles, toPath: publicFiles)
        try Self.mark(publicFiles, release: "1")
        try await F.run(.chromium, screen: .phone, knowsItsAddress: true, { $0.publicDirectory = publicFiles }) { f in
            let browser = f.browser
            try await browser.navigate(f.base + "/")
            #expect(try await browser.waitUntil(WebAppBrowserTests.controlled, timeout: .seconds(20)), "release 1's worker took over")
            let first = try await Self.release(f.app)
            #expect(try await browser.waitUntil(Self.newWorkerControls, timeout: .seconds(20), [.string(first.version)]))
            let before = try await browser.execute(Self.pageRelease)
            #expect(before["css"]?.string == "\"1\"" && before["js"]?.string == "1", "release 1's page: \(before)")

            // Release 2: the same files saying "2", served by a new server on the same address.
            try await f.restartServer { try Self.mark(publicFiles, release: "2") }
            let second = try await Self.release(f.app)
            #expect(second.version != first.version, "a new release is a new worker")
            let changed = Set(second.assets).subtracting(first.assets)
            #expect(changed.count == 2 && changed.allSatisfy { $0.contains("/app.") || $0.contains("/app-install.") }, "\(changed)")

            // The reload: every file the page names and loads is release 2's.
            try await browser.navigate(f.base + "/")
            #expect(try await browser.waitUntil("return document.readyState === 'complete'"))
            let after = try await browser.execute(Self.pageRelease)
            #expect(after["css"]?.string == "\"2\"" && after["js"]?.string == "2", "the reloaded page is release 2: \(after)")
            let named = after["named"]?.array?.compactMap(\.string) ?? []
            let loaded = after["loaded"]?.array?.compactMap(\.string) ?? []
            #expect(!named.isEmpty && named.allSatisfy(second.assets.contains), "names only release 2's files: \(named)")
            #expect(!loaded.isEmpty && loaded.allSatisfy(second.assets.contains), "loaded only release 2's files: \(loaded)")

            // Release 2's worker takes over by itself and release 1's cache is gone.
            let tookOver = try await browser.waitUntil(Self.newWorkerControls, timeout: .seconds(30), [.string(second.version)])
            let cacheNames = try await browser.execute("return caches.keys()")
            #expect(tookOver, "release 2's worker controls the page and only its cache is left: \(cacheNames)")
            let shell = try await browser.execute(Self.keptShell)
            let kept = Set(shell["kept"]?.array?.compactMap(\.string) ?? [])
            #expect(
                kept == Set(second.assets + [second.offline]),
                "the cache holds release 2 exactly: \(kept.symmetricDifference(second.assets + [second.offline]))")
            let offlineNames = shell["offlineNames"]?.array?.compactMap(\.string) ?? []
            #expect(!offlineNames.isEmpty && offlineNames.allSatisfy(kept.contains), "the kept offline page names only kept files: \(offlineNames)")

            // Under the new worker, the page is still release 2 alone.
            try await browser.navigate(f.base + "/")
            #expect(try await browser.waitUntil("return document.readyState === 'complete'"))
            let settled = try await browser.execute(Self.pageRelease)
            let settledLoaded = settled["loaded"]?.array?.compactMap(\.string) ?? []
            #expect(settled["css"]?.string == "\"2\"" && settled["js"]?.string == "2", "\(settled)")
            #expect(!settledLoaded.isEmpty && settledLoaded.allSatisfy(second.assets.contains), "\(settledLoaded)")
        }
    }

    /// Makes the copy of `Public/` at `directory` release `release`: its stylesheet and
    /// the script every page loads end with a marker saying which.
    static func mark(_ directory: String, release: String) throws {
        for (file, marker) in [
            ("app.css", "\n:root { --test-release: \"\(release)\"; }\n"), ("app-install.js", "\nwindow.testRelease = \"\(release)\";\n"),
        ] {
            let path = directory + "/" + file
            let original = try String(contentsOfFile: ProjectPaths.publicFiles + "/" + file, encoding: .utf8)
            try (original + marker).write(toFile: path, atomically: true, encoding: .utf8)
        }
    }

    /// The release the server now running names in its `/sw.js`.
    static func release(_ app: LiveApp) async throws -> Release {
        let script = String(decoding: try await app.request("/sw.js").body, as: UTF8.self)
        let prefix = "self.GRAIN_RELEASE = "
        let line = try #require(script.split(separator: "\n").first { $0.hasPrefix(prefix) }, "no release in /sw.js")
        return try JSONDecoder().decode(Release.self, from: Data(line.dropFirst(prefix.count).dropLast().utf8))
    }
}

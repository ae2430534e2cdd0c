import ATProtoTestKit
import AppTestKit
import Foundation
import MicroHTTPServer
import TestKit
import Testing

@testable import GrainStoriesWeb

/// The files that make the site an installable app: the manifest (its members, icons,
/// shortcuts and share target, all reachable), the service worker with this release's
/// list of files, the offline page it keeps (the same for everyone), and the page head
/// that links them.
@Suite struct WebAppFilesTests {
    static func json(_ response: HTTPResponse) throws -> [String: Any] {
        try #require(JSONSerialization.jsonObject(with: Data(response.text.utf8)) as? [String: Any])
    }

    @Test func theManifestDescribesAnInstallableAppWhoseEveryAddressAnswers() async throws {
        let app = try await AppHarness()
        let response = await app.respond("/manifest.webmanifest")
        #expect(response.status == .ok)
        #expect(response.headers["Content-Type"] == "application/manifest+json")
        #expect(response.headers["Cache-Control"] == "no-cache", "one address, revalidated: browsers tie the installed app to it")
        let etag = try #require(response.headers["ETag"])
        #expect(await app.respond("/manifest.webmanifest", headers: [("If-None-Match", etag)]).status == .notModified)

        let manifest = try Self.json(response)
        #expect(manifest["name"] as? String == "GrainStories")
        #expect((manifest["short_name"] as? String).map { !$0.isEmpty && $0.count <= 12 } == true, "a home-screen label that fits")
        #expect(manifest["start_url"] as? String == "/" && manifest["scope"] as? String == "/" && manifest["id"] as? String == "/")
        #expect(manifest["display"] as? String == "standalone")
        #expect(manifest["theme_color"] as? String == "#ffffff" && manifest["background_color"] as? String == "#ffffff")
        let dark = try #require(manifest["color_scheme_dark"] as? [String: String])
        #expect(dark == ["theme_color": "#0b0b0f", "background_color": "#0b0b0f"])

        // Every icon is served, of the size it claims, under a fingerprinted address.
        let icons = try #require(manifest["icons"] as? [[String: String]])
        for icon in icons {
            let src = try #require(icon["src"])
            #expect(src.range(of: #"^/assets/.+\.[0-9a-f]{10}\.(png|svg)$"#, options: .regularExpression) != nil, "\(src)")
            let served = await app.respond(src)
            #expect(served.status == .ok && served.headers["Content-Type"] == icon["type"], "\(src)")
            if icon["type"] == "image/png", case .bytes(let bytes) = served.body {
                let header = try PNGInspectorForTests.size(bytes)
                #expect("\(header.width)x\(header.height)" == icon["sizes"], "\(src)")
            }
        }
        let purposes = Set(icons.compactMap { icon in icon["purpose"].map { "\($0) \(icon["sizes"] ?? "")" } })
        #expect(purposes.isSuperset(of: ["any 192x192", "any 512x512", "maskable 192x192", "maskable 512x512"]), "\(purposes)")

        // The shortcuts, and where they lead.
        let shortcuts = try #require(manifest["shortcuts"] as? [[String: Any]])
        #expect(shortcuts.map { $0["name"] as? String } == ["New story", "TV"])
        #expect(shortcuts.map { $0["url"] as? String } == ["/stories/new", "/tv"])
        #expect(await app.respond("/tv").status == .ok)
        let newStory = await app.respond("/stories/new")
        #expect(newStory.status == .seeOther && newStory.headers["Location"]?.hasPrefix("/signin") == true, "New story asks to sign in first")

        // The share target: photos, posted as a form, to the endpoint that takes them.
        let share = try #require(manifest["share_target"] as? [String: Any])
        #expect(share["action"] as? String == "/share" && share["method"] as? String == "POST")
        #expect(share["enctype"] as? String == "multipart/form-data")
        let files = try #require((share["params"] as? [String: Any])?["files"] as? [[String: Any]])
        #expect(files.count == 1 && files[0]["name"] as? String == "photo")
        #expect((files[0]["accept"] as? [String])?.contains("image/*") == true)
        await app.shutdown()
    }

    @Test func everyPageLinksTheManifestItsIconsAndColours() async throws {
        let app = try await AppHarness()
        let home = await app.respond("/").text
        #expect(home.contains(#"<link rel="manifest" href="/manifest.webmanifest">"#))
        let touchIcon = app.root.pages.assets.url(for: "icons/apple-touch-icon.png")
        #expect(home.contains(#"<link rel="apple-touch-icon" href="\#(touchIcon)">"#))
        #expect(home.contains(##"<meta name="theme-color" media="(prefers-color-scheme: light)" content="#ffffff">"##))
        #expect(home.contains(##"<meta name="theme-color" media="(prefers-color-scheme: dark)" content="#0b0b0f">"##))
        #expect(home.contains(#"<script src="\#(app.root.pages.assets.url(for: "app-install.js"))" defer></script>"#))
        // The viewer and TV stay black in either scheme.
        let tv = await app.respond("/tv").text
        #expect(tv.contains(##"<meta name="theme-color" content="#000000">"##) && !tv.contains("prefers-color-scheme: light"))
        await app.shutdown()
    }

    /// `/sw.js` is the worker's source with this release in front: the offline page and
    /// every fingerprinted asset (each of which answers), named by a version that changes
    /// with any of them.
    @Test func theServiceWorkerNamesThisReleaseAndEveryFileItKeeps() async throws {
        let app = try await AppHarness()
        let response = await app.respond("/sw.js")
        #expect(response.status == .ok)
        #expect(response.headers["Content-Type"] == "application/javascript; charset=utf-8")
        #expect(response.headers["Cache-Control"] == "no-cache")
        let script = response.text
        let prefix = "self.GRAIN_RELEASE = "
        let line = try #require(script.split(separator: "\n").first { $0.hasPrefix(prefix) })
        let release = try #require(
            JSONSerialization.jsonObject(with: Data(line.dropFirst(prefix.count).dropLast().utf8)) as? [String: Any])
        #expect(release["offline"] as? String == "/offline")
        #expect((release["version"] as? String)?.count == 16)
        let assets = try #require(release["assets"] as? [String])
        let expected = app.root.pages.assets.names.filter { $0 != "service-worker.js" && $0 != "robots.txt" }.map(app.root.pages.assets.url(for:))
        #expect(assets == expected)
        #expect(assets.contains(app.root.pages.assets.url(for: "app.css")) && assets.contains(app.root.pages.assets.url(for: "offline.js")))
        for url in assets {
            let asset = await app.respond(url)
            #expect(asset.status == .ok && asset.headers["Cache-Control"] == "public, max-age=31536000, immutable", "\(url)")
        }
        let source = try String(contentsOfFile: ProjectPaths.publicFiles + "/service-worker.js", encoding: .utf8)
        #expect(script.hasSuffix(source), "the worker's code follows its release")
        await app.shutdown()
    }

    /// A scope has one service worker: the app's worker also shows Web Push messages, and
    /// the push-only worker's old address serves the very same script, so a browser that
    /// registered it updates to the one worker (keeping its push subscription) instead of
    /// two workers replacing each other.
    @Test func theOneWorkerAlsoHandlesPushAndTheOldPushAddressServesIt() async throws {
        let app = try await AppHarness()
        let worker = await app.respond("/sw.js")
        let old = await app.respond("/push-sw.js")
        #expect(old.status == .ok && old.headers["Content-Type"] == "application/javascript; charset=utf-8")
        #expect(old.text == worker.text, "the same worker at both addresses")
        for listener in ["\"push\"", "\"notificationclick\"", "\"fetch\"", "\"install\"", "\"activate\""] {
            #expect(worker.text.contains("self.addEventListener(\(listener)"), "\(listener)")
        }
        // The pages register that one address; none registers another.
        for script in ["app-install.js", "activity.js"] {
            let source = try String(contentsOfFile: ProjectPaths.publicFiles + "/" + script, encoding: .utf8)
            #expect(source.contains(#"serviceWorker.register("/sw.js""#), "\(script)")
            #expect(!source.contains("push-sw.js"), "\(script)")
        }
        await app.shutdown()
    }

    /// A new release is a new worker: the version follows every asset (and the offline
    /// page), and is the same from one start to the next when nothing changed.
    @Test func anyChangedAssetMakesANewRelease() async throws {
        let copy = ProjectPaths.temporaryDirectory("public-release")
        defer { try? FileManager.default.removeItem(atPath: copy) }
        try FileManager.default.removeItem(atPath: copy)
        try FileManager.default.copyItem(atPath: ProjectPaths.publicFiles, toPath: copy)
        let first = try await AppHarness { $0.publicDirectory = copy }
        let again = try await AppHarness { $0.publicDirectory = copy }
        let before = try WebAppFiles(pages: first.root.pages)
        #expect(try WebAppFiles(pages: again.root.pages).version == before.version, "the same files, the same release")
        let served = await first.respond("/sw.js")
        if case .bytes(let bytes) = served.body { #expect(bytes == before.serviceWorker.bytes) }
        await first.shutdown()
        await again.shutdown()

        let css = URL(fileURLWithPath: copy + "/app.css")
        try (try String(contentsOf: css, encoding: .utf8) + "\n/* a new release */\n").write(to: css, atomically: true, encoding: .utf8)
        let changed = try await AppHarness { $0.publicDirectory = copy }
        let after = try WebAppFiles(pages: changed.root.pages)
        #expect(after.version != before.version)
        #expect(String(decoding: after.serviceWorker.bytes, as: UTF8.self).contains(changed.root.pages.assets.url(for: "app.css")))
        #expect(after.offlinePage.bytes != before.offlinePage.bytes, "the offline page names the new stylesheet")
        await changed.shutdown()
    }

    /// The offline page is rendered once, for nobody: asked for by someone signed in, it
    /// still names no account and carries no form token.
    @Test func theOfflinePageIsTheSameForEveryoneAndSaysItRetries() async throws {
        let pds = try FakePDS()
        let app = try await AppHarness()
        let browser = CookieJar(app)
        _ = await browser.signIn(identifier: "alice.test", password: FakePDS.Account.alice.password, pds: pds.baseURL)
        #expect(await browser.get("/").text.contains("@alice.test"), "signed in")
        let offline = await browser.get("/offline")
        #expect(offline.status == .ok && offline.headers["Content-Type"] == "text/html; charset=utf-8")
        #expect(offline.headers["Cache-Control"] == "no-cache")
        #expect(offline.text.contains("Can't reach the server") && offline.text.contains("tries again by itself"))
        #expect(offline.text.contains(app.root.pages.assets.url(for: "offline.js")))
        #expect(!offline.text.contains("alice") && !offline.text.contains("name=\"csrf\"") && !offline.text.contains("Sign out"))
        #expect(offline.text == (await app.respond("/offline")).text, "the same bytes for a visitor")
        await app.shutdown()
    }
}

/// A PNG's size from its IHDR, read here independently of the code under test.
enum PNGInspectorForTests {
    static func size(_ bytes: [UInt8]) throws -> (width: Int, height: Int) {
        try #require(bytes.count > 24 && bytes[12..<16].elementsEqual(Array("IHDR".utf8)))
        func be32(_ at: Int) -> Int { Int(bytes[at]) << 24 | Int(bytes[at + 1]) << 16 | Int(bytes[at + 2]) << 8 | Int(bytes[at + 3]) }
        return (be32(16), be32(20))
    }
}

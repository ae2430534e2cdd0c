import FoundationEssentials
import GrainSupport
import GzipCompression
import HTMLTemplates
import MicroHTTPServer
import Presentation

/// The files that make GrainStories an app, made once at start-up from `Public/` and the
/// templates and served with ETags like the assets (never fingerprinted: each keeps one
/// address, and browsers revalidate it on every use):
///
/// - `/manifest.webmanifest` (`WebAppManifest`);
/// - `/sw.js`, the service worker: `Public/service-worker.js` with this release put in
///   front of it (`self.GRAIN_RELEASE`: a version, the offline page's address and every
///   fingerprinted asset's URL). The version is a hash of all of that and of the offline
///   page, so any new asset, template or worker code is a new worker, which the browser
///   installs in place of the old one. A scope has one worker, so it also shows Web Push
///   messages, and `/push-sw.js` (the push-only worker of earlier releases) serves it too;
/// - `/offline`, the page the worker shows when the server does not answer: rendered for
///   nobody (no account, no form token), so it is the same for every visitor.
struct WebAppFiles: Sendable {
    static let serviceWorkerPath = "/sw.js"
    static let offlinePath = "/offline"
    /// Assets the worker does not keep: its own source (served as `/sw.js` instead) and
    /// what only crawlers read.
    static let notKept: Set<String> = ["service-worker.js", "robots.txt"]

    let manifest: StaticAsset
    let serviceWorker: StaticAsset
    let offlinePage: StaticAsset
    /// The release name in `serviceWorker` (tests compare releases by it).
    let version: String

    init(pages: PageRenderer) throws(ConfigurationError) {
        let gzip: ([UInt8]) -> [UInt8]? = { try? Gzip.compress($0) }
        manifest = StaticAsset(name: "manifest.webmanifest", bytes: WebAppManifest(assets: pages.assets).json(), gzip: gzip)
        let offline: [UInt8]
        do {
            offline = try pages.templates.renderUTF8(
                OfflinePageModel.templateName, pages.pageValues(OfflinePageModel().templateValues, layout: pages.layout(for: nil)))
        } catch {
            throw ConfigurationError("the offline page cannot be rendered: \(error)")
        }
        offlinePage = StaticAsset(name: "offline.html", bytes: offline, gzip: gzip)
        guard let (source, _) = pages.assets.asset(named: "service-worker.js") else {
            throw ConfigurationError("the public directory has no service-worker.js")
        }
        let kept = pages.assets.names.filter { !Self.notKept.contains($0) }.map(pages.assets.url(for:))
        let digest = Hex.encode(SHA256.hash(source.bytes + offline + Array(kept.joined(separator: "\n").utf8)))
        version = String(digest.prefix(16))
        let release = Release(version: version, offline: Self.offlinePath, assets: kept)
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        let prelude =
            "// This release, put here by the server at start-up (WebAppFiles).\nself.GRAIN_RELEASE = "
            + String(decoding: (try? encoder.encode(release)) ?? Data("null".utf8), as: UTF8.self) + ";\n"
        serviceWorker = StaticAsset(name: "sw.js", bytes: Array(prelude.utf8) + source.bytes, gzip: gzip)
    }

    /// What the worker is told about this release.
    private struct Release: Encodable {
        var version: String
        var offline: String
        var assets: [String]
    }

    func respondManifest(_ request: HTTPRequest) -> HTTPResponse {
        StaticFileHandler.respond(manifest, immutable: false, request: request)
    }

    func respondServiceWorker(_ request: HTTPRequest) -> HTTPResponse {
        StaticFileHandler.respond(serviceWorker, immutable: false, request: request)
    }

    func respondOfflinePage(_ request: HTTPRequest) -> HTTPResponse {
        StaticFileHandler.respond(offlinePage, immutable: false, request: request)
    }
}

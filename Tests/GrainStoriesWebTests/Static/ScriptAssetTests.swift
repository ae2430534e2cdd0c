import Foundation
import GrainStoriesWeb
import GrainSupport
import HTMLTemplates
import TestKit
import Testing

/// The scripts in `Public/` as the templates load them: plain files with no build step,
/// so a misspelt asset name or a script no page loads would only show in a browser.
@Suite struct ScriptAssetTests {
    /// Every `{{assets.…}}` the templates (and their partials) name, in order of appearance.
    static func namedAssets() throws -> [String] {
        let root = URL(fileURLWithPath: ProjectPaths.templates)
        let files = try #require(FileManager.default.enumerator(atPath: root.path)).compactMap { $0 as? String }
        let pattern = try NSRegularExpression(pattern: #"\{\{\s*assets\.([A-Za-z0-9_]+)\s*\}\}"#)
        var names: [String] = []
        for file in files.sorted() where file.hasSuffix(".html") {
            let text = try String(contentsOf: root.appendingPathComponent(file), encoding: .utf8)
            for match in pattern.matches(in: text, range: NSRange(text.startIndex..., in: text)) {
                if let range = Range(match.range(at: 1), in: text) { names.append(String(text[range])) }
            }
        }
        return names
    }

    /// The keys `{{assets.…}}` can take: one per file in `Public/`.
    static func assetKeys() throws -> Set<String> {
        let assets = try StaticAssets.load(directory: ProjectPaths.publicFiles, logger: Logger(level: .error) { _ in })
        guard case .object(let object) = assets.templateValue else { return [] }
        return Set(object.keys)
    }

    @Test func everyAssetATemplateNamesIsAFileInPublic() throws {
        let named = try Self.namedAssets()
        let keys = try Self.assetKeys()
        #expect(named.contains("shared_js"), "the templates load no scripts at all: \(named)")
        #expect(Set(named).subtracting(keys).isEmpty, "named but not in Public/: \(Set(named).subtracting(keys).sorted())")
    }

    @Test func everyScriptInPublicIsLoadedBySomePage() throws {
        // A service worker is loaded by the script that registers it, at its fixed address.
        let workers = try FileManager.default.contentsOfDirectory(atPath: ProjectPaths.publicFiles).filter { $0.hasSuffix(".js") }.flatMap { name in
            let text = try String(contentsOfFile: ProjectPaths.publicFiles + "/" + name, encoding: .utf8)
            return text.components(separatedBy: "serviceWorker.register(\"/").dropFirst().compactMap { $0.split(separator: "\"").first }
                .map { $0.replacingOccurrences(of: ".", with: "_").replacingOccurrences(of: "-", with: "_") }
        }
        #expect(workers == ["push_sw_js", "push_sw_js"], "the push script registers its worker: \(workers)")
        let named = Set(try Self.namedAssets()).union(workers)
        let scripts = try Self.assetKeys().filter { $0.hasSuffix("_js") }
        #expect(scripts.count > 1)
        #expect(scripts.subtracting(named).isEmpty, "scripts no template loads: \(scripts.subtracting(named).sorted())")
    }

    /// The header the server tells the script's requests by is written in one place.
    @Test func theFetchHeaderIsSpelledOnceInTheScripts() throws {
        let directory = ProjectPaths.publicFiles
        let scripts = try FileManager.default.contentsOfDirectory(atPath: directory).filter { $0.hasSuffix(".js") }
        let spellings = try scripts.flatMap { name in
            let text = try String(contentsOfFile: directory + "/" + name, encoding: .utf8)
            return Array(repeating: name, count: text.components(separatedBy: "X-GrainStories-Fetch").count - 1)
        }
        #expect(spellings == ["shared.js"], "the fetch header is spelled in \(spellings)")
    }
}

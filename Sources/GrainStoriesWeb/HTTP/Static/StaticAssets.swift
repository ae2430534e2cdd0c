import Foundation
package import GrainSupport
import GzipCompression
package import HTMLTemplates

/// The contents of `Public/`, read once at start-up into memory.
///
/// Serving from this table means no request can reach the file system: traversal,
/// dotfiles and symlinks pointing outside `Public/` are excluded while scanning and
/// simply do not exist for requests. Assets are small (CSS, a script, icons); files
/// over `maxFileBytes` are skipped with a warning.
package struct StaticAssets: Sendable {
    static let urlPrefix = "/assets/"
    static let maxFileBytes = 4 * 1024 * 1024

    private let byName: [String: StaticAsset]
    private let byFingerprintedName: [String: StaticAsset]

    init(assets: [StaticAsset]) {
        byName = Dictionary(assets.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
        byFingerprintedName = Dictionary(assets.map { ($0.fingerprintedName, $0) }, uniquingKeysWith: { first, _ in first })
    }

    /// Scans `directory`, skipping dotfiles, dot-directories, symlinks that leave it and
    /// anything that is not a regular file.
    package static func load(directory: String, logger: Logger) throws(ConfigurationError) -> StaticAssets {
        let fileManager = FileManager.default
        let root = URL(fileURLWithPath: directory).standardizedFileURL.resolvingSymlinksInPath()
        var isDirectory: ObjCBool = false
        guard fileManager.fileExists(atPath: root.path, isDirectory: &isDirectory), isDirectory.boolValue else {
            throw ConfigurationError("the public directory \(directory) does not exist")
        }
        guard let enumerator = fileManager.enumerator(atPath: root.path) else {
            throw ConfigurationError("the public directory \(directory) cannot be read")
        }
        var assets: [StaticAsset] = []
        while let relative = enumerator.nextObject() as? String {
            let components = relative.split(separator: "/")
            if components.contains(where: { $0.hasPrefix(".") }) {
                enumerator.skipDescendants()
                continue
            }
            let url = root.appendingPathComponent(relative)
            let resolved = url.resolvingSymlinksInPath().path
            guard resolved.hasPrefix(root.path + "/") else {
                logger.warning("skipping a public file that points outside the public directory", ["file": relative])
                enumerator.skipDescendants()
                continue
            }
            guard let attributes = try? fileManager.attributesOfItem(atPath: resolved),
                attributes[.type] as? FileAttributeType == .typeRegular
            else { continue }
            let size = (attributes[.size] as? NSNumber)?.intValue ?? 0
            guard size <= maxFileBytes else {
                logger.warning("skipping a public file that is too large", ["file": relative, "bytes": String(size)])
                continue
            }
            guard let data = fileManager.contents(atPath: resolved) else { continue }
            assets.append(StaticAsset(name: relative, bytes: Array(data)) { try? Gzip.compress($0) })
        }
        return StaticAssets(assets: assets)
    }

    /// The asset a path below `/assets/` names, and whether that URL is fingerprinted
    /// (immutable) or plain (must be revalidated).
    func asset(named name: String) -> (asset: StaticAsset, immutable: Bool)? {
        if let asset = byFingerprintedName[name] { return (asset, true) }
        if let asset = byName[name] { return (asset, false) }
        return nil
    }

    /// The fingerprinted URL of `name`, for templates; the plain URL if unknown.
    package func url(for name: String) -> String {
        guard let asset = byName[name] else { return StaticAssets.urlPrefix + name }
        return StaticAssets.urlPrefix + asset.fingerprintedName
    }

    /// `{"app_css": "/assets/app.1a2b3c4d5e.css", …}` for templates: `{{assets.app_css}}`.
    package var templateValue: TemplateValue {
        var object: [String: TemplateValue] = [:]
        for name in byName.keys {
            let key = String(name.map { $0.isLetter || $0.isNumber ? $0 : "_" })
            object[key] = .string(url(for: name))
        }
        return .object(object)
    }
}

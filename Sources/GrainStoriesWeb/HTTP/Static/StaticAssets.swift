import DurableFiles
import FileErrors
import FoundationEssentials
import Glibc
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
        guard let root = canonicalPath(directory), FileDescriptorIO.fileType(root) == S_IFDIR
        else {
            throw ConfigurationError("the public directory \(directory) does not exist")
        }
        var assets: [StaticAsset] = []
        // Directories still to read, relative to `root` ("" is `root` itself).
        var pending = [""]
        while let folder = pending.popLast() {
            let names: [String]
            do {
                names = try FileManager.default.contentsOfDirectory(atPath: folder.isEmpty ? root : root + "/" + folder)
            } catch {
                throw ConfigurationError("the public directory \(directory) cannot be read: \(error.fileErrorDescription)")
            }
            for name in names.sorted() where !name.hasPrefix(".") {
                let relative = folder.isEmpty ? name : folder + "/" + name
                let path = root + "/" + relative
                // Real directories are walked; a link is followed only to a file inside.
                if FileDescriptorIO.fileType(path, followingLinks: false) == S_IFDIR {
                    pending.append(relative)
                    continue
                }
                guard let resolved = canonicalPath(path), resolved.hasPrefix(root + "/")
                else {
                    logger.warning("skipping a public file that points outside the public directory", ["file": relative])
                    continue
                }
                guard let size = FileDescriptorIO.regularFileSize(resolved) else { continue }
                guard size <= maxFileBytes else {
                    logger.warning("skipping a public file that is too large", ["file": relative, "bytes": String(size)])
                    continue
                }
                guard let bytes = try? FileDescriptorIO.read(resolved, limit: maxFileBytes + 1), bytes.count <= maxFileBytes else { continue }
                assets.append(StaticAsset(name: relative, bytes: bytes) { try? Gzip.compress($0) })
            }
        }
        return StaticAssets(assets: assets)
    }

    /// `path` with every link resolved (`realpath`); nil when it leads nowhere.
    private static func canonicalPath(_ path: String) -> String? {
        guard let resolved = realpath(path, nil) else { return nil }
        defer { free(resolved) }
        return String(cString: resolved)
    }

    /// The asset a path below `/assets/` names, and whether that URL is fingerprinted
    /// (immutable) or plain (must be revalidated).
    func asset(named name: String) -> (asset: StaticAsset, immutable: Bool)? {
        if let asset = byFingerprintedName[name] { return (asset, true) }
        if let asset = byName[name] { return (asset, false) }
        return nil
    }

    /// Every asset's name (its path below `Public/`), sorted.
    var names: [String] { byName.keys.sorted() }

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

import CurlHTTPClient
import Foundation
public import WorkerThreads

/// A bounded on-disk cache of images fetched from Grain's CDN, so every browser on the
/// LAN loads each image from the internet once and never contacts third parties.
///
/// Files are named by the SHA-256 of their URL (CDN URLs name content by CID, so a URL
/// never changes meaning). The least recently used files are evicted once the total
/// passes `maxBytes`. Disk work runs on a dedicated thread pool; concurrent requests
/// for one image share a single download.
public actor MediaCache {
    /// What a cached image is, for serving.
    public struct Entry: Sendable {
        public let path: String
        public let size: Int
        public let contentType: String
        public let etag: String
    }

    public enum Failure: Error, Sendable {
        /// The CDN says there is no such image.
        case notFound
        /// The CDN could not be reached or sent something that is not an image.
        case unavailable(String)
    }

    private struct Item {
        var format: ImageFormat
        var size: Int
        var lastUsed: UInt64
    }

    static let maxImageBytes = 16 << 20

    private let directory: String
    private let maxBytes: Int
    private let http: OutboundHTTP
    private let io: WorkerThreadPool
    private var items: [String: Item] = [:]
    private var totalBytes = 0
    private var useCounter: UInt64 = 0
    private var downloads: [String: Task<Entry, any Error>] = [:]

    /// Opens (creating if needed) the cache in `directory` and indexes what is there.
    public init(directory: String, maxBytes: Int, http: OutboundHTTP, io: WorkerThreadPool) throws(ConfigurationError) {
        self.directory = directory
        self.maxBytes = maxBytes
        self.http = http
        self.io = io
        do {
            try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        } catch {
            throw ConfigurationError("cannot create the media cache at \(directory): \(error.localizedDescription)")
        }
        let indexed = MediaCache.scan(directory)
        items = indexed.items
        totalBytes = indexed.total
        useCounter = UInt64(items.count)
    }

    /// The cached file for `url`, downloading it first if needed.
    public func entry(for url: String) async throws(Failure) -> Entry {
        let key = Hex.encode(SHA256.hash(Array(url.utf8)))
        if var item = items[key] {
            useCounter += 1
            item.lastUsed = useCounter
            items[key] = item
            return entry(key, item)
        }
        let task: Task<Entry, any Error>
        if let running = downloads[key] {
            task = running
        } else {
            task = Task { try await self.download(url: url, key: key) }
            downloads[key] = task
        }
        do {
            return try await task.value
        } catch let failure as Failure {
            throw failure
        } catch {
            throw .unavailable(String(describing: error))
        }
    }

    private func download(url: String, key: String) async throws -> Entry {
        defer { downloads[key] = nil }
        let response: HTTPClientResponse
        do {
            response = try await http.send(HTTPClientRequest(method: "GET", url: url, headers: [("Accept", "image/*")], timeout: .seconds(20)))
        } catch {
            throw Failure.unavailable(error.description)
        }
        if response.status == 404 || response.status == 410 { throw Failure.notFound }
        guard response.status == 200 else { throw Failure.unavailable("HTTP \(response.status)") }
        guard response.body.count <= MediaCache.maxImageBytes, let format = ImageFormat(sniffing: response.body) else {
            throw Failure.unavailable("not an image")
        }
        let path = "\(directory)/\(key).\(format.fileExtension)"
        let bytes = response.body
        try await io.run { () throws in
            let temporary = path + ".part"
            guard FileManager.default.createFile(atPath: temporary, contents: Data(bytes), attributes: [.posixPermissions: 0o600]) else {
                throw Failure.unavailable("cannot write to the media cache")
            }
            _ = rename(temporary, path)
        }
        useCounter += 1
        let item = Item(format: format, size: bytes.count, lastUsed: useCounter)
        if let previous = items[key] { totalBytes -= previous.size }
        items[key] = item
        totalBytes += bytes.count
        await evictIfNeeded(keeping: key)
        return entry(key, item)
    }

    private func entry(_ key: String, _ item: Item) -> Entry {
        Entry(path: "\(directory)/\(key).\(item.format.fileExtension)", size: item.size, contentType: item.format.contentType, etag: "\"\(key.prefix(32))\"")
    }

    /// Drops least recently used files until the total is back under the limit.
    private func evictIfNeeded(keeping keep: String) async {
        guard totalBytes > maxBytes else { return }
        var victims: [String] = []
        for (key, item) in items.sorted(by: { $0.value.lastUsed < $1.value.lastUsed }) where key != keep {
            guard totalBytes > maxBytes * 9 / 10 else { break }
            totalBytes -= item.size
            items[key] = nil
            victims.append("\(directory)/\(key).\(item.format.fileExtension)")
        }
        let paths = victims
        await io.run { for path in paths { _ = unlink(path) } }
    }

    /// Indexes existing files (oldest modification first), removing leftovers.
    private static func scan(_ directory: String) -> (items: [String: Item], total: Int) {
        let fileManager = FileManager.default
        var found: [(key: String, item: Item, modified: Date)] = []
        for name in (try? fileManager.contentsOfDirectory(atPath: directory)) ?? [] {
            let path = "\(directory)/\(name)"
            let parts = name.split(separator: ".")
            guard parts.count == 2, parts[0].utf8.count == 64, let format = ImageFormat(fileExtension: String(parts[1])),
                  let attributes = try? fileManager.attributesOfItem(atPath: path),
                  let size = (attributes[.size] as? NSNumber)?.intValue
            else {
                try? fileManager.removeItem(atPath: path)
                continue
            }
            found.append((String(parts[0]), Item(format: format, size: size, lastUsed: 0), attributes[.modificationDate] as? Date ?? .distantPast))
        }
        var items: [String: Item] = [:]
        var total = 0
        for (index, entry) in found.sorted(by: { $0.modified < $1.modified }).enumerated() {
            var item = entry.item
            item.lastUsed = UInt64(index)
            items[entry.key] = item
            total += item.size
        }
        return (items, total)
    }
}

package import ATProto
import CurlHTTPClient
package import DurableFiles
import FileErrors
import FoundationEssentials
import Glibc
package import GrainSupport
import Synchronization
package import WorkerThreads

/// A bounded on-disk cache of images fetched from Grain's CDN, so every browser on the
/// LAN loads each image from the internet once and never contacts third parties.
///
/// Files are named by the SHA-256 of their URL (CDN URLs name content by CID, so a URL
/// never changes meaning). The least recently used files are evicted once the total
/// passes `maxBytes`. Disk work runs on a dedicated thread pool; concurrent requests
/// for one image share a single download.
///
/// Failures are remembered too (a bounded number of URLs): an image the CDN says is
/// gone (404, 410) is not asked for again for five minutes, and one that could not be
/// fetched (refused, timed out, 5xx, not an image) for 2 s, doubling to a minute while
/// it keeps failing. Meanwhile requests get the remembered failure at once, so a broken
/// image on a popular page, or made-up image URLs, cost the CDN one request per pause.
///
/// The index of cached files sits behind a lock rather than in the actor's own state, so
/// `cachedEntry(for:)` can answer a cached image synchronously, on the HTTP server's
/// thread, without a hop to the actor; downloads, failures and eviction stay in the actor.
package actor MediaCache {
    /// What a cached image is, for serving.
    package struct Entry: Sendable {
        package let path: String
        package let size: Int
        package let contentType: String
        package let etag: String
        /// What a caller attached to this file (`attach(_:to:)`), if anything.
        package let attachment: (any AnyObject & Sendable)?
        /// The file's key in the index, and which download of it this is (`Item.added`).
        let key: String
        let added: UInt64
    }

    /// Why an image could not be served; each case keeps its cause for the log.
    package enum Failure: Error, Sendable, CustomStringConvertible {
        /// The CDN says there is no such image.
        case notFound
        /// The CDN could not be reached or answered with an error status.
        case upstream(UpstreamFailure)
        /// The CDN sent something that is not an image (or too large a one).
        case notAnImage
        /// The image arrived but could not be stored here.
        case storage(FileSystemError)
        /// The download was cancelled before it finished.
        case cancelled
        /// A file made from a cached image (a smaller size) could not be made.
        case notMade(String)

        package var description: String {
            switch self {
            case .notFound: "no such image"
            case .upstream(let failure): "cdn \(failure)"
            case .notAnImage: "not an image"
            case .storage(let error): "cannot write to the media cache: \(error)"
            case .cancelled: "cancelled"
            case .notMade(let reason): "not made: \(reason)"
            }
        }
    }

    private struct Item {
        var format: ImageFormat
        var size: Int
        var lastUsed: UInt64
        /// The use count when the file was indexed: tells this download of a URL from a
        /// later one, so an attachment never passes from one file to the next.
        let added: UInt64
        /// Released with the item: when the file is evicted or downloaded again.
        var attachment: (any AnyObject & Sendable)? = nil
    }

    static let maxImageBytes = 16 << 20
    /// Most files with an attachment at once (`attach(_:to:)`) unless the cache is told otherwise.
    package static let defaultAttachmentLimit = 32

    private let directory: String
    private let maxBytes: Int
    private let attachmentLimit: Int
    private let http: OutboundHTTP
    private let io: WorkerThreadPool
    /// What is on disk, by key: shared by the actor and `cachedEntry(for:)`.
    private struct Index {
        var items: [String: Item] = [:]
        var totalBytes = 0
        var useCounter: UInt64 = 0
        /// The keys of the items with an attachment: kept beside `items` so that attaching
        /// looks through at most `attachmentLimit` keys, not every cached file. Every
        /// change that drops an item drops its key here too.
        var attached: Set<String> = []

        /// The item for `key`, marked as just used.
        mutating func use(_ key: String) -> Item? {
            guard var item = items[key] else { return nil }
            useCounter += 1
            item.lastUsed = useCounter
            items[key] = item
            return item
        }
    }

    private let index: Mutex<Index>
    /// URL → file key (a SHA-256), remembered: the same few images are asked for all day.
    private let keys = BoundedMemo<String, String>(capacity: 4096)
    private var downloads: [String: Task<Result<Entry, Failure>, Never>] = [:]
    /// Files being made from cached images, by their key: one making per file however
    /// many ask at once (`derivedEntry`).
    private var makings: [String: Task<Result<Entry, Failure>, Never>] = [:]
    private var failures = FailureBackoff<String, Failure>()
    private let now: @Sendable () -> ContinuousClock.Instant

    /// Opens (creating if needed) the cache in `directory` and indexes what is there.
    package init(
        directory: String, maxBytes: Int, http: OutboundHTTP, io: WorkerThreadPool,
        attachmentLimit: Int = MediaCache.defaultAttachmentLimit, now: @escaping @Sendable () -> ContinuousClock.Instant = { .now }
    ) throws(ConfigurationError) {
        self.directory = directory
        self.now = now
        self.maxBytes = maxBytes
        self.attachmentLimit = max(1, attachmentLimit)
        self.http = http
        self.io = io
        do {
            try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        } catch {
            throw ConfigurationError("cannot create the media cache at \(directory): \(error.fileErrorDescription)")
        }
        let indexed = MediaCache.scan(directory)
        index = Mutex(Index(items: indexed.items, totalBytes: indexed.total, useCounter: UInt64(indexed.items.count)))
    }

    /// The cached file for `url` if it is on disk now; nil otherwise (then `entry(for:)`
    /// downloads it). Never waits: a lock held only for a dictionary lookup.
    package nonisolated func cachedEntry(for url: String) -> Entry? {
        let key = keys.value(for: url, MediaCache.key(for:))
        return index.withLock { $0.use(key) }.map { entry(key, $0) }
    }

    /// Keeps `attachment` with the cached file `entry` names for as long as that file
    /// stays in the cache, and hands it out with the file's later entries; released when
    /// the file is evicted or downloaded again. For what must not outlive the file, such
    /// as an answer holding it open (`MediaHandler`). Nothing happens when the file is no
    /// longer cached, or already has an attachment (the first one stays).
    ///
    /// At most `attachmentLimit` files have one: attaching another releases the one of
    /// the file used least recently (a file held open costs a descriptor, which the
    /// server's connections need too).
    package nonisolated func attach(_ attachment: any AnyObject & Sendable, to entry: Entry) {
        index.withLock { index in
            guard var item = index.items[entry.key], item.added == entry.added, item.attachment == nil else { return }
            if index.attached.count >= attachmentLimit,
                let oldest = index.attached.min(by: { (index.items[$0]?.lastUsed ?? 0) < (index.items[$1]?.lastUsed ?? 0) })
            {
                index.items[oldest]?.attachment = nil
                index.attached.remove(oldest)
            }
            item.attachment = attachment
            index.items[entry.key] = item
            index.attached.insert(entry.key)
        }
    }

    /// How many files have an attachment now.
    package nonisolated var attachedCount: Int { index.withLock { $0.attached.count } }

    /// The cached file for `url`, downloading it first if needed.
    package func entry(for url: String) async throws(Failure) -> Entry {
        let key = keys.value(for: url, MediaCache.key(for:))
        if let item = index.withLock({ $0.use(key) }) {
            return entry(key, item)
        }
        if let failure = failures.pausedFailure(for: key, at: now()) { throw failure }
        let task: Task<Result<Entry, Failure>, Never>
        if let running = downloads[key] {
            task = running
        } else {
            task = Task {
                do throws(Failure) { return .success(try await self.download(url: url, key: key)) } catch { return .failure(error) }
            }
            downloads[key] = task
        }
        return try await task.value.get()
    }

    /// The key of a file made from the image at `url` (`variant` names how, e.g. "w480"):
    /// the file is named by it like a downloaded one, so it shares the cache's limit,
    /// eviction and start-up scan.
    package nonisolated func derivedKey(url: String, variant: String) -> String {
        Hex.encode(SHA256.hash(Array((url + "\n" + variant).utf8)))
    }

    /// The file made for `key` if it is on disk now, marked as used; never waits.
    package nonisolated func cachedEntry(forKey key: String) -> Entry? {
        index.withLock { $0.use(key) }.map { entry(key, $0) }
    }

    /// The JPEG made for `key`, making it first if needed: `make` writes it to the path
    /// it is given (in the cache's directory), and the file then joins the cache under
    /// `key`. Concurrent callers for one key share one making (a burst of first visits
    /// makes each size once); a making that failed is not remembered, so the next asks again.
    package func derivedEntry(
        key: String, make: @escaping @Sendable (_ output: String) async throws(Failure) -> Void
    ) async throws(Failure) -> Entry {
        if let item = index.withLock({ $0.use(key) }) { return entry(key, item) }
        let task: Task<Result<Entry, Failure>, Never>
        if let running = makings[key] {
            task = running
        } else {
            task = Task {
                do throws(Failure) { return .success(try await self.makeDerived(key: key, make: make)) } catch { return .failure(error) }
            }
            makings[key] = task
        }
        return try await task.value.get()
    }

    private func makeDerived(
        key: String, make: @Sendable (_ output: String) async throws(Failure) -> Void
    ) async throws(Failure) -> Entry {
        defer { makings[key] = nil }
        let path = "\(directory)/\(key).\(ImageFormat.jpeg.fileExtension)"
        let partial = path + ".part"
        do throws(Failure) {
            try await make(partial)
        } catch {
            _ = unlink(partial)
            throw error
        }
        var status = stat()
        guard lstat(partial, &status) == 0, status.st_size > 0, rename(partial, path) == 0 else {
            _ = unlink(partial)
            throw .notMade("the made file could not be kept")
        }
        let size = Int(status.st_size)
        let item = index.withLock { index in
            index.useCounter += 1
            let item = Item(format: .jpeg, size: size, lastUsed: index.useCounter, added: index.useCounter)
            if let previous = index.items[key] { index.totalBytes -= previous.size }
            index.items[key] = item
            index.attached.remove(key)
            index.totalBytes += size
            return item
        }
        await evictIfNeeded(keeping: key)
        return entry(key, item)
    }

    /// How many fetches of `url` failed in a row; 0 when it is not remembered as failing.
    func failureCount(for url: String) -> Int {
        failures.record(for: MediaCache.key(for: url))?.failures ?? 0
    }

    /// The file name (without extension) for `url`.
    private static func key(for url: String) -> String {
        Hex.encode(SHA256.hash(Array(url.utf8)))
    }

    /// Downloads once for all waiting requests and remembers how it went.
    private func download(url: String, key: String) async throws(Failure) -> Entry {
        defer { downloads[key] = nil }
        do throws(Failure) {
            let entry = try await fetch(url: url, key: key)
            failures.recordSuccess(for: key)
            return entry
        } catch {
            let failure = error
            let policy: FailureBackoff<String, Failure>.Policy = if case .notFound = failure { .missing } else { .transient }
            failures.recordFailure(failure, for: key, at: now(), policy: policy)
            throw failure
        }
    }

    private func fetch(url: String, key: String) async throws(Failure) -> Entry {
        let response: HTTPClientResponse
        do {
            response = try await http.send(HTTPClientRequest(method: "GET", url: url, headers: [("Accept", "image/*")], timeout: .seconds(20)))
        } catch {
            throw .upstream(.transport(error))
        }
        if response.status == 404 || response.status == 410 { throw Failure.notFound }
        guard response.status == 200 else { throw .upstream(.status(response.status)) }
        guard response.body.count <= MediaCache.maxImageBytes, let format = ImageFormat(sniffing: response.body) else {
            throw .notAnImage
        }
        let path = "\(directory)/\(key).\(format.fileExtension)"
        let bytes = response.body
        try await io.run { () throws(Failure) in
            do throws(FileSystemError) {
                try DurableFile.write(bytes, to: path)
            } catch {
                throw .storage(error)
            }
        }
        let item = index.withLock { index in
            index.useCounter += 1
            let item = Item(format: format, size: bytes.count, lastUsed: index.useCounter, added: index.useCounter)
            if let previous = index.items[key] { index.totalBytes -= previous.size }
            index.items[key] = item
            index.attached.remove(key)
            index.totalBytes += bytes.count
            return item
        }
        await evictIfNeeded(keeping: key)
        return entry(key, item)
    }

    private nonisolated func entry(_ key: String, _ item: Item) -> Entry {
        Entry(
            path: "\(directory)/\(key).\(item.format.fileExtension)", size: item.size, contentType: item.format.contentType,
            etag: "\"\(key.prefix(32))\"", attachment: item.attachment, key: key, added: item.added)
    }

    /// Drops least recently used files until the total is back under the limit.
    private func evictIfNeeded(keeping keep: String) async {
        let (directory, maxBytes) = (self.directory, self.maxBytes)
        let paths = index.withLock { index -> [String] in
            guard index.totalBytes > maxBytes else { return [] }
            var victims: [String] = []
            for (key, item) in index.items.sorted(by: { $0.value.lastUsed < $1.value.lastUsed }) where key != keep {
                guard index.totalBytes > maxBytes * 9 / 10 else { break }
                index.totalBytes -= item.size
                index.items[key] = nil
                index.attached.remove(key)
                victims.append("\(directory)/\(key).\(item.format.fileExtension)")
            }
            return victims
        }
        guard !paths.isEmpty else { return }
        await io.run { for path in paths { _ = unlink(path) } }
    }

    /// `lstat` of `path` when it is a regular file (not a link, directory or device).
    private static func regularFileStatus(_ path: String) -> stat? {
        var status = stat()
        guard lstat(path, &status) == 0, status.st_mode & S_IFMT == S_IFREG else { return nil }
        return status
    }

    /// Indexes existing files (oldest modification first), removing leftovers.
    private static func scan(_ directory: String) -> (items: [String: Item], total: Int) {
        let fileManager = FileManager.default
        var found: [(key: String, item: Item, modified: Double)] = []
        for name in (try? fileManager.contentsOfDirectory(atPath: directory)) ?? [] {
            let path = "\(directory)/\(name)"
            let parts = name.split(separator: ".")
            guard parts.count == 2, parts[0].utf8.count == 64, let format = ImageFormat(fileExtension: String(parts[1])),
                let status = regularFileStatus(path)
            else {
                try? fileManager.removeItem(atPath: path)
                continue
            }
            let modified = Double(status.st_mtim.tv_sec) + Double(status.st_mtim.tv_nsec) / 1e9
            found.append((String(parts[0]), Item(format: format, size: Int(status.st_size), lastUsed: 0, added: 0), modified))
        }
        var items: [String: Item] = [:]
        var total = 0
        for (index, entry) in found.sorted(by: { $0.modified < $1.modified }).enumerated() {
            let item = Item(format: entry.item.format, size: entry.item.size, lastUsed: UInt64(index), added: UInt64(index))
            items[entry.key] = item
            total += item.size
        }
        return (items, total)
    }
}

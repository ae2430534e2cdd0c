/// Content types by file extension for what `Public/` holds, and which of them are
/// text worth compressing.
enum MIMEType {
    static func forFile(_ name: String) -> String {
        let ext = name.split(separator: ".").last.map { $0.lowercased() } ?? ""
        return table[ext] ?? "application/octet-stream"
    }

    static func isCompressible(_ contentType: String) -> Bool {
        contentType.hasPrefix("text/") || contentType.hasPrefix("application/javascript")
            || contentType.hasPrefix("application/json") || contentType.hasPrefix("image/svg+xml")
            || contentType.hasPrefix("application/manifest+json")
    }

    private static let table: [String: String] = [
        "css": "text/css; charset=utf-8",
        "js": "application/javascript; charset=utf-8",
        "mjs": "application/javascript; charset=utf-8",
        "json": "application/json",
        "map": "application/json",
        "webmanifest": "application/manifest+json",
        "html": "text/html; charset=utf-8",
        "txt": "text/plain; charset=utf-8",
        "xml": "application/xml",
        "svg": "image/svg+xml",
        "png": "image/png",
        "jpg": "image/jpeg",
        "jpeg": "image/jpeg",
        "gif": "image/gif",
        "webp": "image/webp",
        "avif": "image/avif",
        "ico": "image/x-icon",
        "woff2": "font/woff2",
        "woff": "font/woff",
    ]
}

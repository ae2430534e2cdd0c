import GrainSupport

/// One file from `Public/`, loaded at start-up with everything needed to serve it:
/// bytes, a gzip variant when that pays, a strong ETag per variant, and the
/// content-hash fingerprint used in immutable URLs.
struct StaticAsset: Sendable {
    /// Path relative to `Public/`, e.g. `app.css` or `icons/ring.svg`.
    let name: String
    let contentType: String
    let bytes: [UInt8]
    let gzipped: [UInt8]?
    /// First 10 hex digits of the SHA-256 of `bytes`.
    let fingerprint: String
    let etag: String
    let gzipETag: String

    init(name: String, bytes: [UInt8], gzip: ([UInt8]) -> [UInt8]?) {
        self.name = name
        self.bytes = bytes
        contentType = MIMEType.forFile(name)
        let digest = Hex.encode(SHA256.hash(bytes))
        fingerprint = String(digest.prefix(10))
        etag = "\"\(digest.prefix(32))\""
        gzipETag = "\"\(digest.prefix(32))-gz\""
        if MIMEType.isCompressible(contentType), bytes.count > 256, let packed = gzip(bytes), packed.count < bytes.count * 9 / 10 {
            gzipped = packed
        } else {
            gzipped = nil
        }
    }

    /// `app.css` → `app.1a2b3c4d5e.css`: a new URL whenever the content changes, so the
    /// old one can be cached forever.
    var fingerprintedName: String {
        guard let dot = name.lastIndex(of: "."), !name[..<dot].hasSuffix("/"), dot != name.startIndex else {
            return name + "." + fingerprint
        }
        return name[..<dot] + "." + fingerprint + name[dot...]
    }
}

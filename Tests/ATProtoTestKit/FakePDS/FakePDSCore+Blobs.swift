import Foundation

/// `uploadBlob` and `sync.getBlob`, following the reference:
///
/// - `uploadBlob` needs a `Content-Type`; above the size cap → 413 `PayloadTooLarge`;
///   the CID is CIDv1 raw SHA-256 of the bytes; `mimeType` is the sniffed type for JPEG,
///   PNG, GIF and WebP (the reference sniffs too) and otherwise the given type;
/// - `getBlob` serves a blob only while a record of its account references it (an
///   unreferenced upload is not yet permanent on the reference) → else 400 `BlobNotFound`,
///   with the stored `Content-Type`, `X-Content-Type-Options: nosniff` and a sandboxing CSP.
extension FakePDSCore {
    mutating func uploadBlob(_ request: XRPCRequest, at now: Date) throws(XRPCFailure) -> XRPCResponse {
        let credentials = try authenticate(request, scopes: [.access, .appPassword], at: now)
        guard let declared = request.contentType, !declared.isEmpty else {
            throw .invalidRequest("Request encoding (Content-Type) required but not provided")
        }
        guard request.body.count <= configuration.maxBlobBytes else {
            throw XRPCFailure(status: 413, name: "PayloadTooLarge", message: "request entity too large")
        }
        let blob = storeBlob(request.body, mimeType: Self.sniffedType(of: request.body) ?? declared, did: credentials.did)
        blobUploadedAt["\(credentials.did) \(blob.cid)"] = now
        return .json(["blob": blob.ref])
    }

    /// Drops `did`'s uploads that no record references and that are older than the
    /// configured lifetime, as a real PDS clears its temporary blobs.
    mutating func expireUnreferencedBlobs(of did: String, at now: Date) {
        for (cid, _) in blobs[did] ?? [:] {
            let key = "\(did) \(cid)"
            guard let uploaded = blobUploadedAt[key], now.timeIntervalSince(uploaded) > configuration.unreferencedBlobLifetime,
                !isReferenced(cid, by: did)
            else { continue }
            blobs[did]?[cid] = nil
            blobUploadedAt[key] = nil
        }
    }

    /// Stores bytes as a blob of `did` (also the seeding path for tests).
    package mutating func storeBlob(_ bytes: [UInt8], mimeType: String, did: String) -> FakePDS.Blob {
        let blob = FakePDS.Blob(did: did, cid: CID.raw(of: bytes).string, mimeType: mimeType, bytes: bytes)
        blobs[did, default: [:]][blob.cid] = blob
        return blob
    }

    func getBlob(_ request: XRPCRequest) throws(XRPCFailure) -> XRPCResponse {
        let did = try request.requiredParameter("did")
        let cid = try request.requiredParameter("cid")
        guard let blob = blobs[did]?[cid], isReferenced(cid, by: did) else {
            throw .invalidRequest("Blob not found", name: "BlobNotFound")
        }
        return XRPCResponse(
            status: 200,
            headers: [
                ("Content-Type", blob.mimeType), ("X-Content-Type-Options", "nosniff"),
                ("Content-Security-Policy", "default-src 'none'; sandbox"),
            ],
            body: request.httpMethod == "HEAD" ? [] : blob.bytes)
    }

    /// Whether any current record of `did` has a blob ref to `cid`.
    func isReferenced(_ cid: String, by did: String) -> Bool {
        (repositories[did]?.records ?? [:]).values.contains { records in
            records.values.contains { ((try? Self.blobLinks(in: $0.value)) ?? []).contains(cid) }
        }
    }

    /// The CIDs of every blob ref (`{"$type": "blob", "ref": {"$link": cid}, …}`) in a value.
    static func blobLinks(in value: JSONValue) throws(XRPCFailure) -> [String] {
        switch value {
        case .array(let elements):
            var links: [String] = []
            for element in elements { links += try blobLinks(in: element) }
            return links
        case .object(let members):
            if members["$type"] == "blob" {
                guard let link = members["ref"]?["$link"]?.stringValue, members["mimeType"]?.stringValue != nil,
                    members["size"]?.integerValue != nil
                else { throw .invalidRequest("Invalid record: malformed blob ref") }
                return [link]
            }
            var links: [String] = []
            for member in members.values { links += try blobLinks(in: member) }
            return links
        default:
            return []
        }
    }

    /// The type the magic bytes announce, for the image formats a photo app uploads.
    static func sniffedType(of bytes: [UInt8]) -> String? {
        if bytes.starts(with: [0xFF, 0xD8, 0xFF]) { return "image/jpeg" }
        if bytes.starts(with: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) { return "image/png" }
        if bytes.starts(with: Array("GIF87a".utf8)) || bytes.starts(with: Array("GIF89a".utf8)) { return "image/gif" }
        if bytes.count >= 12, bytes.starts(with: Array("RIFF".utf8)), Array(bytes[8..<12]) == Array("WEBP".utf8) {
            return "image/webp"
        }
        return nil
    }
}

/// A blob reference as `uploadBlob` returns it and records embed it:
/// `{"$type": "blob", "ref": {"$link": cid}, "mimeType": …, "size": …}`.
public struct BlobRef: Codable, Sendable, Equatable {
    public struct Link: Codable, Sendable, Equatable {
        public var link: String
        enum CodingKeys: String, CodingKey { case link = "$link" }
    }

    public var type = "blob"
    public var ref: Link
    public var mimeType: String
    public var size: Int

    public init(cid: String, mimeType: String, size: Int) {
        ref = Link(link: cid)
        self.mimeType = mimeType
        self.size = size
    }

    public var cid: String { ref.link }

    enum CodingKeys: String, CodingKey {
        case type = "$type", ref, mimeType, size
    }
}

/// `uploadBlob`'s answer.
struct UploadBlobResponse: Decodable {
    var blob: BlobRef
}

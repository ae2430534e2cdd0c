/// A blob reference as `uploadBlob` returns it and records embed it:
/// `{"$type": "blob", "ref": {"$link": cid}, "mimeType": …, "size": …}`. The CID is
/// checked when decoded: the server writes it into the story it posts.
package struct BlobRef: Codable, Sendable, Equatable {
    package struct Link: Codable, Sendable, Equatable {
        package var link: CID
        enum CodingKeys: String, CodingKey { case link = "$link" }
    }

    package var type = "blob"
    package var ref: Link
    package var mimeType: String
    package var size: Int

    package init(cid: CID, mimeType: String, size: Int) {
        ref = Link(link: cid)
        self.mimeType = mimeType
        self.size = size
    }

    package var cid: CID { ref.link }

    enum CodingKeys: String, CodingKey {
        case type = "$type"
        case ref, mimeType, size
    }
}

/// `uploadBlob`'s answer.
struct UploadBlobResponse: Decodable {
    var blob: BlobRef
}

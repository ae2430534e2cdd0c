import Foundation
import Multipart
import TestKit
import Testing

/// The parser needs nothing of the HTTP server: a plain byte array is a body, and
/// whatever size the chunks come in, the form is the same.
@Suite struct ByteArrayBodyTests {
    static let body = Array(
        """
        --b\r
        Content-Disposition: form-data; name="caption"\r
        \r
        Harbour at dusk\r
        --b\r
        Content-Disposition: form-data; name="photo"; filename="dusk.jpg"\r
        Content-Type: image/jpeg\r
        \r
        \u{FF}\u{D8}not really a jpeg\r
        --b--\r

        """.utf8)

    @Test(arguments: [1, 7, 64, 4096])
    func aByteArrayParsesTheSameInAnyChunkSize(chunkSize: Int) throws {
        let directory = ProjectPaths.temporaryDirectory("multipart-bytes")
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let form = try MultipartFormParser(chunkSize: chunkSize).parse(Self.body, contentType: "multipart/form-data; boundary=b", fileDirectory: directory)
        #expect(form["caption"] == "Harbour at dusk")
        let file = try #require(form.files.first)
        #expect(form.files.count == 1)
        #expect(file.fieldName == "photo")
        let stored = try Data(contentsOf: URL(fileURLWithPath: file.path))
        #expect(Array(stored) == Array("\u{FF}\u{D8}not really a jpeg".utf8))
    }

    @Test func aByteArrayIsCutIntoChunksOfAtMostTheSize() throws {
        var chunks: [[UInt8]] = []
        try [UInt8](1...10).forEachChunk(size: 4) { chunks.append($0) }
        #expect(chunks == [[1, 2, 3, 4], [5, 6, 7, 8], [9, 10]])
    }
}

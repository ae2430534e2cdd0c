import Foundation
import TestKit
import Testing

@testable import Multipart

@Suite struct MultipartFormParserTests {
    let photo = Fixtures.bytes("tiny-24x32.jpg")

    @Test func chromeUploadFromMemoryHasFieldsAndPhoto() throws {
        let directory = UploadDirectory()
        let form = try MultipartFormParser().parse(
            MultipartFixtures.chromeBody(photo: photo), contentType: MultipartFixtures.chromeContentType,
            fileDirectory: directory.path)
        defer { form.removeFiles() }
        #expect(
            form.fields == [
                MultipartField(name: "csrf", value: "k3J9-xq_P0w8ZtLr5sYh"),
                MultipartField(name: "caption", value: "Morning light over the harbour"),
                MultipartField(name: "alt", value: ""),
            ])
        #expect(form["csrf"] == "k3J9-xq_P0w8ZtLr5sYh")
        #expect(form["missing"] == nil)
        #expect(form.emptyFileFields.isEmpty)
        let file = try #require(form.files.first)
        #expect(form.files.count == 1)
        #expect(file.fieldName == "photo")
        #expect(file.filename == "IMG_2041.jpg")
        #expect(file.contentType == "image/jpeg")
        #expect(file.size == photo.count)
        #expect(file.path.hasPrefix(directory.path + "/upload-"))
        #expect(Array(try Data(contentsOf: URL(fileURLWithPath: file.path))) == photo)
        #expect(form.files(named: "photo") == [file])
    }

    @Test func everyChunkSizeGivesTheSameForm() throws {
        let directory = UploadDirectory()
        let content = MultipartFixtures.trickyContent()
        let body = MultipartBody(boundary: MultipartFixtures.chromeBoundary)
            .field("csrf", "token")
            .file("photo", filename: "a.bin", content)
            .field("after", "\r\n--\r\n")
            .file("second", filename: "b.bin", content.reversed())
            .bytes()
        let reference = try MultipartFormParser(chunkSize: body.count).parse(
            body, contentType: MultipartFixtures.chromeContentType, fileDirectory: directory.path)
        let expected = MultipartFixtures.summary(reference)
        reference.removeFiles()
        #expect(expected.files.map(\.content) == [content, Array(content.reversed())])
        #expect(expected.fields.last == MultipartField(name: "after", value: "\r\n--\r\n"))
        for chunkSize in Array(1...100) + [127, 128, 255, 1000, 1024, 4096, 65536] {
            let form = try MultipartFormParser(chunkSize: chunkSize).parse(
                body, contentType: MultipartFixtures.chromeContentType, fileDirectory: directory.path)
            let summary = MultipartFixtures.summary(form)
            form.removeFiles()
            #expect(summary == expected, "chunk size \(chunkSize)")
        }
        #expect(try directory.entries.isEmpty)
    }

    @Test func splittingTheBodyAtEveryPositionGivesTheSameEvents() throws {
        let body = MultipartBody(boundary: "b0und")
            .field("a", "x\r\n--b0un")
            .file("f", filename: "f.bin", Array("\r\n--b0un\r--b0und".utf8) + [0x0D])
            .bytes()
        let contentType = "multipart/form-data; boundary=b0und"
        var scanner = MultipartScanner(boundary: try MultipartBoundary(contentType: contentType), maxHeaderBytes: 1024)
        let expected = try events(feeding: [body], to: &scanner)
        #expect(expected.count >= 6)
        for split in 0...body.count {
            var fresh = MultipartScanner(boundary: try MultipartBoundary(contentType: contentType), maxHeaderBytes: 1024)
            let got = try events(feeding: [Array(body[..<split]), Array(body[split...])], to: &fresh)
            #expect(got == expected, "split at \(split)")
        }
    }

    @Test func binaryContentRoundTripsByteForByte() throws {
        let directory = UploadDirectory()
        var generator = TestKit.SplitMix64(seed: 42)
        let boundary = "x"  // the shortest boundary makes accidental near-matches frequent
        var content = (0..<20_000).map { _ in [0x0D, 0x0A, 0x2D, 0x78, UInt8(truncatingIfNeeded: generator.next())][Int(generator.next() % 5)] }
        // Break every real delimiter ("\r\n--x") the random bytes formed.
        for index in content.indices.dropLast(4) where content[index..<index + 5].elementsEqual([0x0D, 0x0A, 0x2D, 0x2D, 0x78]) {
            content[index + 4] = 0x79
        }
        let body = MultipartBody(boundary: boundary).file("f", filename: "r.bin", content).bytes()
        for chunkSize in [1, 2, 3, 5, 7, 64, 65536] {
            let form = try MultipartFormParser(chunkSize: chunkSize).parse(
                body, contentType: "multipart/form-data; boundary=x", fileDirectory: directory.path)
            defer { form.removeFiles() }
            #expect(MultipartFixtures.summary(form).files.first?.content == content, "chunk size \(chunkSize)")
        }
    }

    @Test func quotedAndUnquotedBoundariesAreAccepted() throws {
        let directory = UploadDirectory()
        for (boundary, header) in [
            ("simple", "multipart/form-data; boundary=simple"),
            ("with space", "multipart/form-data; boundary=\"with space\""),
            ("q", "Multipart/Form-Data;boundary=\"q\"; charset=utf-8"),
            ("'()+_,-./:=?", "multipart/form-data; charset=utf-8; BOUNDARY=\"'()+_,-./:=?\""),
        ] {
            let body = MultipartBody(boundary: boundary).field("k", "v").bytes()
            let form = try MultipartFormParser().parse(body, contentType: header, fileDirectory: directory.path)
            #expect(form.fields == [MultipartField(name: "k", value: "v")], "\(header)")
        }
    }

    @Test func preambleAndEpilogueAreIgnored() throws {
        let directory = UploadDirectory()
        let body =
            Array("This is a preamble.\r\n".utf8) + MultipartBody(boundary: "b").field("k", "v").bytes()
            + Array("epilogue --b\r\n garbage".utf8)
        let form = try MultipartFormParser().parse(body, contentType: "multipart/form-data; boundary=b", fileDirectory: directory.path)
        #expect(form.fields == [MultipartField(name: "k", value: "v")])
    }

    private func events(feeding chunks: [[UInt8]], to scanner: inout MultipartScanner) throws -> [String] {
        var log: [String] = []
        for chunk in chunks {
            try scanner.feed(chunk) { event in
                switch event {
                case .partHeaders(let block): log.append("headers:" + String(decoding: block, as: UTF8.self))
                case .partContent(let bytes):
                    // Content may arrive in pieces; merge consecutive pieces.
                    if let last = log.last, last.hasPrefix("content:") {
                        log[log.count - 1] = last + String(decoding: bytes, as: UTF8.self)
                    } else {
                        log.append("content:" + String(decoding: bytes, as: UTF8.self))
                    }
                case .partEnd: log.append("end")
                }
            }
        }
        try scanner.finish()
        return log
    }
}

import Foundation
import MicroHTTPServer
import Multipart
import TestKit
import Testing

@testable import GrainStoriesWeb

/// The web layer's side of uploads: the server's request body (in memory or spooled to a
/// file) feeds the form parser, the request context reads the content type, and every
/// parsing failure has its HTTP status (the parser's own behaviour is pinned in
/// MultipartTests).
@Suite struct RequestBodyFormTests {
    static let contentType = "multipart/form-data; boundary=m"
    static let body = Array(
        ("--m\r\nContent-Disposition: form-data; name=\"a\"\r\n\r\nb\r\n"
            + "--m\r\nContent-Disposition: form-data; name=\"photo\"; filename=\"x.jpg\"\r\nContent-Type: image/jpeg\r\n\r\nJPEG\r\n"
            + "--m--\r\n").utf8)

    @Test func aBodySpooledToAFileGivesTheSameFormAsOneInMemory() throws {
        let directory = ProjectPaths.temporaryDirectory("multipart-body")
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let bodyPath = directory + "/body"
        try Data(Self.body).write(to: URL(fileURLWithPath: bodyPath))
        let parser = MultipartFormParser(chunkSize: 5)
        let fromFile = try parser.parse(RequestBody.file(path: bodyPath, size: Self.body.count), contentType: Self.contentType, fileDirectory: directory)
        let fromMemory = try parser.parse(RequestBody.memory(Self.body), contentType: Self.contentType, fileDirectory: directory)
        defer {
            fromFile.removeFiles()
            fromMemory.removeFiles()
        }
        #expect(fromFile["a"] == "b")
        #expect(fromFile.fields == fromMemory.fields)
        #expect(fromFile.files.map(\.filename) == ["x.jpg"])
        #expect(fromFile.files.map(\.size) == fromMemory.files.map(\.size))
        #expect(fromFile.files[0].path != fromMemory.files[0].path)
    }

    @Test func anUnreadableBodyIs500() {
        let directory = ProjectPaths.temporaryDirectory("multipart-body")
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let body = RequestBody.file(path: directory + "/gone", size: 10)
        let error = #expect(throws: MultipartError.self) {
            try MultipartFormParser().parse(body, contentType: Self.contentType, fileDirectory: directory)
        }
        if case .bodyUnreadable = error {} else { Issue.record("expected bodyUnreadable, got \(String(describing: error))") }
        #expect(error?.status == .internalServerError)
    }

    @Test func requestContextReadsTheContentTypeHeader() throws {
        let directory = ProjectPaths.temporaryDirectory("multipart-body")
        defer { try? FileManager.default.removeItem(atPath: directory) }
        var headers = HTTPHeaders()
        headers.add("Content-Type", Self.contentType)
        let request = HTTPRequest(method: .post, path: "/upload", headers: headers, body: .memory(Self.body))
        let form = try RequestContext(request: request).multipartForm(fileDirectory: directory)
        defer { form.removeFiles() }
        #expect(form["a"] == "b")
    }

    /// The person's mistakes are 4xx, this server's failures 500.
    @Test func everyParsingFailureHasItsStatus() {
        let expected: [(MultipartError, HTTPStatus)] = [
            (.notMultipart, .unsupportedMediaType),
            (.fileTooLarge(limit: 1), .contentTooLarge), (.fieldTooLarge(limit: 1), .contentTooLarge),
            (.fileSystem(operation: "open", detail: "x"), .internalServerError), (.bodyUnreadable(detail: "x"), .internalServerError),
            (.missingBoundary, .badRequest), (.malformed(reason: "x"), .badRequest), (.truncated, .badRequest),
            (.nestedMultipart, .badRequest), (.missingName, .badRequest), (.tooManyFiles(limit: 1), .badRequest),
            (.tooManyFields(limit: 1), .badRequest), (.tooManyParts(limit: 1), .badRequest), (.headerTooLarge(limit: 1), .badRequest),
        ]
        for (error, status) in expected {
            #expect(error.status == status, "\(error)")
        }
    }
}

import Foundation
import HTTPTestKit
import MicroHTTPServer
import Synchronization
import TestKit
import Testing

/// A response prepared once (`HTTPResponse.preparedForReuse()`) and answered to many
/// requests: every answer carries exactly its status, fields and body, from both paths,
/// on several connections at once, and for HEAD without the body.
@Suite struct PreparedResponseTests {
    private static let body = Array((0..<20_000).map { UInt8(truncatingIfNeeded: $0 &* 31) })
    private static let original = HTTPResponse(
        status: .created, headers: HTTPHeaders([("Content-Type", "application/octet-stream"), ("X-One", "1"), ("Set-Cookie", "a=b")]),
        body: .bytes(body))

    /// From bytes, and from a file kept open, whose one descriptor MHD then reads for
    /// several connections at once.
    @Test(arguments: [false, true])
    func aPreparedResponseIsAnsweredWholeToEveryRequestOnEveryConnection(fromFile: Bool) async throws {
        var response = Self.original
        let path = ProjectPaths.temporaryDirectory("prepared") + "/body"
        defer { try? FileManager.default.removeItem(atPath: (path as NSString).deletingLastPathComponent) }
        if fromFile {
            try Data(Self.body).write(to: URL(fileURLWithPath: path))
            response.body = .file(path: path, size: Self.body.count)
        }
        let prepared = response.preparedForReuse(keepingFileOpen: fromFile)
        #expect(prepared.prepared != nil)
        try await withLiveServer(
            immediate: { request in request.path == "/now" ? prepared : nil },
            responder: { _ in prepared }
        ) { live in
            let port = live.port
            let answers = try await withThrowingTaskGroup(of: [RawHTTPResponse].self) { group in
                for _ in 0..<4 {
                    group.addTask {
                        try await runOnDedicatedThread {
                            let connection = try RawHTTPConnection(port: port)
                            var answers: [RawHTTPResponse] = []
                            for index in 0..<25 {
                                try connection.send(get(index.isMultiple(of: 2) ? "/now" : "/later"))
                                answers.append(try connection.readResponse())
                            }
                            try connection.send("HEAD /now HTTP/1.1\r\nHost: t\r\n\r\n")
                            answers.append(try connection.readResponse(isHeadRequest: true))
                            return answers
                        }
                    }
                }
                return try await group.reduce(into: []) { $0.append(contentsOf: $1) }
            }
            #expect(answers.count == 104)
            let wrong = answers.filter { answer in
                answer.status != 201 || answer.header("X-One") != "1" || answer.header("Set-Cookie") != "a=b"
                    || answer.header("Content-Type") != "application/octet-stream"
                    || answer.headerValues("Content-Length") != ["\(Self.body.count)"]
            }
            #expect(wrong.isEmpty, "\(wrong.count) answers with other fields")
            let bodies = answers.map(\.body)
            #expect(bodies.filter { $0 == Self.body }.count == 100)
            #expect(bodies.filter(\.isEmpty).count == 4, "HEAD answers carry no body")
        }
    }

    /// Any change to a prepared response drops its prepared form, so what is sent is
    /// always what the response says.
    @Test func changingAPreparedResponseDropsItsPreparedForm() async throws {
        var changed = Self.original.preparedForReuse()
        changed.headers.add("X-Two", "2")
        #expect(changed.prepared == nil)
        var restatused = Self.original.preparedForReuse()
        restatused.status = .accepted
        #expect(restatused.prepared == nil)
        var rebodied = Self.original.preparedForReuse()
        rebodied.body = .bytes(Array("short".utf8))
        #expect(rebodied.prepared == nil)
        let sent = changed
        try await withLiveServer(immediate: { _ in sent }, responder: { _ in sent }) { live in
            let answer = try await live.exchange(get("/"))
            #expect(answer.status == 201)
            #expect(answer.header("X-Two") == "2")
            #expect(answer.body == Self.body)
        }
    }

    /// Bodies read from a file when queued, and responses the server would refuse or
    /// change, are not prepared: they go the per-request way, which reports them.
    @Test func filesAndResponsesTheServerWouldChangeAreNotPrepared() async throws {
        #expect(HTTPResponse(body: .file(path: "/etc/hostname", size: 1)).preparedForReuse().prepared == nil)
        #expect(HTTPResponse(body: .fileRange(path: "/etc/hostname", offset: 0, length: 1)).preparedForReuse().prepared == nil)
        // Unless the caller keeps the file open on purpose, and the file can be opened.
        #expect(HTTPResponse(body: .file(path: "/etc/hostname", size: 1)).preparedForReuse(keepingFileOpen: true).prepared != nil)
        #expect(HTTPResponse(body: .file(path: "/nonexistent/file", size: 1)).preparedForReuse(keepingFileOpen: true).prepared == nil)
        let badField = HTTPResponse(headers: HTTPHeaders([("X-Bad", "a\r\nInjected: 1")]), body: .bytes([1])).preparedForReuse()
        #expect(badField.prepared == nil)
        #expect(HTTPResponse(status: HTTPStatus(99), body: .empty).preparedForReuse().prepared == nil)
        try await withLiveServer(immediate: { _ in badField }, responder: { _ in badField }) { live in
            let answer = try await live.exchange(get("/"))
            #expect(answer.header("Injected") == nil)
            #expect(live.logs.contains { $0.contains("dropped invalid response header \"X-Bad\"") })
        }
    }
}

import Foundation
import HTTPTestKit
import MicroHTTPServer
import Synchronization
import TestKit
import Testing

/// What the handler saw of a request body.
struct ObservedBody: Sendable {
    var kind: String
    var bytes: [UInt8]
    var path: String?
    var fileMode: Int?
}

/// Records the body each request delivered.
final class BodyRecorder: Sendable {
    private let storage = Mutex<[ObservedBody]>([])
    var bodies: [ObservedBody] { storage.withLock { $0 } }

    func respond(_ request: HTTPRequest) -> HTTPResponse {
        var observed: ObservedBody
        switch request.body {
        case .empty:
            observed = ObservedBody(kind: "empty", bytes: [])
        case .memory(let bytes):
            observed = ObservedBody(kind: "memory", bytes: bytes)
        case .file(let path, _):
            let mode = (try? FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? Int) ?? nil
            observed = ObservedBody(kind: "file", bytes: (try? request.body.collect()) ?? [], path: path, fileMode: mode)
        }
        storage.withLock { $0.append(observed) }
        return HTTPResponse(contentType: "text/plain", text: "\(request.body.count)")
    }
}

@Suite struct RequestBodyTests {
    /// A recognisable pattern, so misordered or lost chunks show.
    static func pattern(_ count: Int) -> [UInt8] {
        (0..<count).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ $0 / 251) }
    }

    @Test func smallBodyStaysInMemory() async throws {
        let recorder = BodyRecorder()
        try await withLiveServer(responder: { recorder.respond($0) }) { live in
            let body = Self.pattern(1000)
            let response = try await live.exchange(
                "POST /upload HTTP/1.1\r\nHost: test\r\nContent-Length: 1000\r\n\r\n" + String(decoding: body, as: UTF8.self)
            )
            #expect(response.status == 200)
        }
        #expect(recorder.bodies.map(\.kind) == ["memory"])
    }

    @Test func largeBodySpillsToAPrivateFileThatIsDeletedAfterTheResponse() async throws {
        let recorder = BodyRecorder()
        let body = Self.pattern(50_000)  // the test server keeps at most 8 KiB in memory
        try await withLiveServer(responder: { recorder.respond($0) }) { live in
            let port = live.port
            let response = try await runOnDedicatedThread {
                let connection = try RawHTTPConnection(port: port)
                try connection.send("PUT /upload HTTP/1.1\r\nHost: test\r\nConnection: close\r\nContent-Length: \(body.count)\r\n\r\n")
                try connection.send(body)
                let response = try connection.readResponse()
                // MHD reports the request complete (and the file is removed) before closing.
                #expect(connection.waitForServerClose(within: .seconds(5)))
                return response
            }
            #expect(response.status == 200)
            #expect(response.bodyText == "50000")
            #expect(try live.temporaryFiles().isEmpty)
        }
        let observed = try #require(recorder.bodies.first)
        #expect(observed.kind == "file")
        #expect(observed.bytes == body)
        #expect(observed.fileMode == 0o600)
        #expect(observed.path.map { !FileManager.default.fileExists(atPath: $0) } == true)
    }

    @Test func chunkedBodyIsReassembledInOrder() async throws {
        let recorder = BodyRecorder()
        let body = Self.pattern(20_000)
        // Uneven chunks (one with an extension) crossing the 8 KiB spill threshold.
        var wire = "POST /chunks HTTP/1.1\r\nHost: test\r\nTransfer-Encoding: chunked\r\n\r\n".utf8.map { $0 }
        var offset = 0
        for size in [1, 7, 4096, 3000, 10_000, 2896] {
            wire += Array(String(size, radix: 16).utf8) + (size == 7 ? Array(";ext=1".utf8) : []) + [13, 10]
            wire += body[offset..<offset + size] + [13, 10]
            offset += size
        }
        wire += Array("0\r\n\r\n".utf8)
        try await withLiveServer(responder: { recorder.respond($0) }) { live in
            let port = live.port
            let request = wire
            let response = try await runOnDedicatedThread {
                let connection = try RawHTTPConnection(port: port)
                try connection.send(request)
                return try connection.readResponse()
            }
            #expect(response.status == 200)
            #expect(response.bodyText == "20000")
        }
        #expect(recorder.bodies.first?.bytes == body)
        #expect(recorder.bodies.first?.kind == "file")
    }

    @Test func bodyExactlyAtTheLimitIsAccepted() async throws {
        let recorder = BodyRecorder()
        try await withLiveServer(LiveServer.configuration(maxBodyBytes: 4096), responder: { recorder.respond($0) }) { live in
            let body = String(repeating: "x", count: 4096)
            let response = try await live.exchange("POST / HTTP/1.1\r\nHost: t\r\nContent-Length: 4096\r\n\r\n" + body)
            #expect(response.status == 200)
            #expect(response.bodyText == "4096")
        }
    }
}

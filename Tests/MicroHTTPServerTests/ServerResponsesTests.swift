import Testing

@testable import MicroHTTPServer

@Suite struct ServerResponsesTests {
    @Test func serverMadeResponsesCarryTheDefaultHeadersAndClose() {
        let responses = ServerResponses(defaultHeaders: [("X-Frame-Options", "DENY")])
        for response in [responses.badRequest, responses.contentTooLarge, responses.internalServerError, responses.serviceUnavailable] {
            #expect(response.headers["X-Frame-Options"] == "DENY")
            #expect(response.headers["Connection"] == "close")
        }
        #expect(responses.contentTooLarge.status == .contentTooLarge)
    }

    @Test func rawRejectionIsACompleteResponseWithoutInjectedLines() {
        let responses = ServerResponses(defaultHeaders: [("X-Good", "yes"), ("X-Bad", "a\r\nInjected: 1"), ("Bad Name", "x")])
        let text = String(decoding: responses.rawContentTooLarge, as: UTF8.self)
        #expect(text.hasPrefix("HTTP/1.1 413 Content Too Large\r\n"))
        #expect(text.contains("\r\nX-Good: yes\r\n"))
        #expect(!text.contains("Injected"))
        #expect(!text.contains("Bad Name"))
        #expect(text.contains("\r\nConnection: close\r\n"))
        let parts = text.split(separator: "\r\n\r\n", maxSplits: 1, omittingEmptySubsequences: false)
        #expect(parts.count == 2)
        #expect(text.contains("Content-Length: \(parts.last?.utf8.count ?? -1)\r\n"))
    }
}

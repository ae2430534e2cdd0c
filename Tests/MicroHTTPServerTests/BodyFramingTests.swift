import Testing

@testable import MicroHTTPServer

@Suite struct BodyFramingTests {
    @Test(arguments: [
        ([(String, String)](), RequestLifecycle.BodyFraming.none),
        ([("Content-Length", "0")], .none),
        ([("Content-Length", "42")], .length(42)),
        ([("content-length", " 42 ")], .length(42)),
        ([("Content-Length", "42"), ("Content-Length", "42")], .length(42)),
        ([("Content-Length", "42"), ("Content-Length", "43")], .invalid),
        ([("Content-Length", "-1")], .invalid),
        ([("Content-Length", "4 2")], .invalid),
        ([("Content-Length", "")], .invalid),
        ([("Content-Length", "99999999999999999999999")], .length(Int.max)),
        ([("Transfer-Encoding", "chunked")], .chunked),
        ([("Transfer-Encoding", " Chunked ")], .chunked),
        ([("Transfer-Encoding", "gzip")], .invalid),
        ([("Transfer-Encoding", "gzip, chunked")], .invalid),
        ([("Transfer-Encoding", "chunked"), ("Transfer-Encoding", "chunked")], .invalid),
        ([("Transfer-Encoding", "chunked"), ("Content-Length", "5")], .invalid),
    ])
    func framingFollowsTheHeaders(fields: [(String, String)], expected: RequestLifecycle.BodyFraming) {
        #expect(HTTPHeaders(fields).bodyFraming == expected)
    }

    @Test func targetIsSplitAtTheFirstQuestionMarkWithoutDecoding() {
        #expect(RequestState.split(target: "/a%2fb?x=%3F?y") == ("/a%2fb", "x=%3F?y"))
        #expect(RequestState.split(target: "/plain") == ("/plain", nil))
        #expect(RequestState.split(target: "/empty?") == ("/empty", ""))
    }
}

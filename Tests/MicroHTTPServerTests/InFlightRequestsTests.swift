import Testing

@testable import MicroHTTPServer

/// The in-flight list's promise to shutdown: once draining began, no request joins it, so
/// an empty list stays empty while the server waits for it.
@Suite struct InFlightRequestsTests {
    private func request(_ target: String) -> RequestState {
        RequestState(target: target, configuration: HTTPServerConfiguration())
    }

    @Test func requestsJoinUntilDrainingBeginsAndNoneAfter() {
        let list = InFlightRequests()
        let first = request("/a")
        #expect(list.begin(first))
        #expect(!list.isDraining)
        list.beginDraining()
        #expect(list.isDraining)
        #expect(!list.begin(request("/b")))
        #expect(list.count == 1)
        #expect(list.snapshot().map(\.target) == ["/a"])
        list.end(first)
        #expect(list.count == 0)
        #expect(!list.begin(request("/c")))
        #expect(list.count == 0)
    }
}

@testable import MicroHTTPServer
import Testing

/// The MHD request protocol without sockets: each test feeds the events MHD would
/// produce and checks the actions the driver is told to perform.
@Suite struct RequestLifecycleTests {
    @Test func requestWithoutBodyStartsTheHandlerOnTheFinalCallAndQueuesAfterResume() {
        var lifecycle = RequestLifecycle(maxBodyBytes: 100)
        #expect(lifecycle.headersReceived(framing: .none, isDraining: false) == .readBody)
        #expect(lifecycle.noDataReceived() == .startHandler)
        #expect(lifecycle.noDataReceived() == .ignore)
        let accepted = lifecycle.responseArrived()
        #expect(accepted)
        #expect(lifecycle.noDataReceived() == .queueResponse)
        #expect(lifecycle.state == .finished)
    }

    @Test func bodyChunksAreStoredUpToTheLimitInclusive() {
        var lifecycle = RequestLifecycle(maxBodyBytes: 100)
        #expect(lifecycle.headersReceived(framing: .length(100), isDraining: false) == .readBody)
        #expect(lifecycle.bodyReceived(count: 60) == .storeBody)
        #expect(lifecycle.bodyReceived(count: 40) == .storeBody)
        #expect(lifecycle.noDataReceived() == .startHandler)
    }

    @Test func declaredOversizeBodyIsAnsweredOnTheFirstCall() {
        var lifecycle = RequestLifecycle(maxBodyBytes: 100)
        #expect(lifecycle.headersReceived(framing: .length(101), isDraining: false) == .respondNow(.contentTooLarge))
        #expect(lifecycle.state == .finished)
    }

    @Test func chunkedBodyPassingTheLimitIsRejectedMidBody() {
        var lifecycle = RequestLifecycle(maxBodyBytes: 100)
        #expect(lifecycle.headersReceived(framing: .chunked, isDraining: false) == .readBody)
        #expect(lifecycle.bodyReceived(count: 100) == .storeBody)
        #expect(lifecycle.bodyReceived(count: 1) == .rejectOversizeBody)
    }

    @Test func hugeChunkCountsCannotOverflowTheRunningTotal() {
        var lifecycle = RequestLifecycle(maxBodyBytes: Int.max)
        _ = lifecycle.headersReceived(framing: .chunked, isDraining: false)
        #expect(lifecycle.bodyReceived(count: Int.max) == .storeBody)
        #expect(lifecycle.bodyReceived(count: 1) == .rejectOversizeBody)
    }

    @Test func invalidFramingIsABadRequest() {
        var lifecycle = RequestLifecycle(maxBodyBytes: 100)
        #expect(lifecycle.headersReceived(framing: .invalid, isDraining: false) == .respondNow(.badRequest))
    }

    @Test func drainingServerAnswers503BeforeLookingAtTheBody() {
        var lifecycle = RequestLifecycle(maxBodyBytes: 100)
        #expect(lifecycle.headersReceived(framing: .length(10_000), isDraining: true) == .respondNow(.serviceUnavailable))
    }

    @Test func storageFailureDiscardsTheRestAndAnswers500() {
        var lifecycle = RequestLifecycle(maxBodyBytes: 100)
        _ = lifecycle.headersReceived(framing: .length(50), isDraining: false)
        #expect(lifecycle.bodyReceived(count: 10) == .storeBody)
        lifecycle.bodyStorageFailed()
        #expect(lifecycle.bodyReceived(count: 10) == .discardBody)
        #expect(lifecycle.noDataReceived() == .respondNow(.internalServerError))
    }

    @Test func onlyTheFirstResponseIsAccepted() {
        var lifecycle = RequestLifecycle(maxBodyBytes: 100)
        _ = lifecycle.headersReceived(framing: .none, isDraining: false)
        _ = lifecycle.noDataReceived()
        let accepted = lifecycle.responseArrived()
        #expect(accepted)
        let acceptedAgain = lifecycle.responseArrived()
        #expect(!acceptedAgain)
    }

    @Test func skippedHandlerAcceptsNoLateResponse() {
        var lifecycle = RequestLifecycle(maxBodyBytes: 100)
        _ = lifecycle.headersReceived(framing: .none, isDraining: false)
        #expect(lifecycle.noDataReceived() == .startHandler)
        lifecycle.handlerSkipped()
        let acceptedAgain = lifecycle.responseArrived()
        #expect(!acceptedAgain)
    }

    @Test func bodyOutsideTheBodyPhaseAbortsTheConnection() {
        var lifecycle = RequestLifecycle(maxBodyBytes: 100)
        _ = lifecycle.headersReceived(framing: .none, isDraining: false)
        _ = lifecycle.noDataReceived()
        #expect(lifecycle.bodyReceived(count: 1) == .abort)
    }

    @Test func secondHeadersEventIsIgnored() {
        var lifecycle = RequestLifecycle(maxBodyBytes: 100)
        _ = lifecycle.headersReceived(framing: .none, isDraining: false)
        #expect(lifecycle.headersReceived(framing: .invalid, isDraining: false) == .ignore)
    }
}

import ATProto
import CurlHTTPClient
import Foundation
import GrainSupport
import Testing

@testable import Accounts

/// What went wrong with a write, as a value: sorted from the PDS's answer, kept through
/// the attempts' bookkeeping, and stored in a stable form that reads back as itself (and
/// anything else as `.legacy`).
@Suite struct WriteProblemTests {
    static let every: [WriteProblem] = [
        .unreachable(detail: "could not connect (curl 7): Connection refused"),
        .timedOut(detail: "timed out (curl 28): Operation timed out after 5001 milliseconds"),
        .unavailable(status: 503, error: "NotEnoughResources", message: nil),
        .refused(status: 400, error: "InvalidRecord", message: "Record/media is required"),
        .refused(status: 404, error: nil, message: nil),
        .tooLarge(status: 413, error: "PayloadTooLarge", message: "“big” \\ \"quoted\""),
        .unreadableAnswer(detail: "missingKey at uri"),
        .signedOut,
        .identityUnavailable(detail: "PLC directory unreachable"),
        .invalidRecord(detail: "text: longer than 300 graphemes"),
        .photoMissing,
        .incompleteUpload(stored: 10, expected: 20),
        .local(detail: "database is locked"),
        .gaveUp(attempts: 12, last: .gaveUp(attempts: 3, last: .timedOut(detail: "t"))),
        .legacy(text: "Gave up after 8 tries: xrpc transport: timed out"),
    ]

    @Test func everyProblemReadsBackAsItselfFromItsStoredForm() {
        for problem in Self.every {
            #expect(WriteProblem(stored: problem.stored) == problem, "\(problem.stored)")
        }
    }

    /// The stored form is a format: its text for a given problem must not change.
    @Test func theStoredFormIsStable() {
        #expect(WriteProblem.signedOut.stored == #"{"kind":"signedOut"}"#)
        #expect(
            WriteProblem.gaveUp(attempts: 12, last: .unavailable(status: 502, error: "UpstreamFailure", message: "down")).stored
                == #"{"attempts":12,"kind":"gaveUp","last":{"error":"UpstreamFailure","kind":"unavailable","message":"down","status":502}}"#)
        #expect(WriteProblem.legacy(text: "HTTP 500").stored == #"{"kind":"legacy","text":"HTTP 500"}"#)
    }

    /// Text an older version stored, a damaged value or a kind from a newer version: kept
    /// as `.legacy` with the text, never a failure.
    @Test func whatCannotBeReadIsALegacyProblem() {
        for text in ["Your PDS refused it: HTTP 400", #"{"kind":"fromTheFuture","x":1}"#, #"{"kind":"refused"}"#, "", "{"] {
            #expect(WriteProblem(stored: text) == .legacy(text: text))
        }
    }

    @Test func aPDSAnswerIsSortedIntoAProblemToRetryOrToStopAt() {
        let timeout = OutboundError.transport(HTTPClientError(.timedOut, curlCode: 28, message: "Operation timed out"))
        let refusedConnection = OutboundError.transport(HTTPClientError(.connectFailed, curlCode: 7, message: "refused"))
        #expect(PDSWriteFailure.sorting(.pds(.transport(timeout))) == .transient(.timedOut(detail: timeout.description)))
        #expect(PDSWriteFailure.sorting(.pds(.transport(refusedConnection))) == .transient(.unreachable(detail: refusedConnection.description)))
        #expect(PDSWriteFailure.sorting(.pds(.transport(.refusedURL))) == .permanent(.unreachable(detail: OutboundError.refusedURL.description)))
        #expect(
            PDSWriteFailure.sorting(.pds(.remote(status: 502, error: "UpstreamFailure", message: nil)))
                == .transient(.unavailable(status: 502, error: "UpstreamFailure", message: nil)))
        #expect(
            PDSWriteFailure.sorting(.pds(.remote(status: 429, error: "RateLimitExceeded", message: nil)))
                == .transient(.unavailable(status: 429, error: "RateLimitExceeded", message: nil)))
        #expect(
            PDSWriteFailure.sorting(.pds(.remote(status: 400, error: "InvalidRecord", message: "m")))
                == .permanent(.refused(status: 400, error: "InvalidRecord", message: "m")))
        #expect(
            PDSWriteFailure.sorting(.pds(.remote(status: 413, error: nil, message: nil))) == .permanent(.tooLarge(status: 413, error: nil, message: nil)))
        #expect(
            PDSWriteFailure.sorting(.pds(.remote(status: 400, error: "BlobTooLarge", message: "x")))
                == .permanent(.tooLarge(status: 400, error: "BlobTooLarge", message: "x")))
        #expect(PDSWriteFailure.sorting(.signedOut) == .permanent(.signedOut))
        #expect(PDSWriteFailure.sorting(.identity(.invalidHandle)) == .transient(.identityUnavailable(detail: IdentityError.invalidHandle.description)))
        struct Broken: Error {}
        #expect(PDSWriteFailure.sorting(.local(Broken())) == .transient(.local(detail: "Broken()")))
    }

    /// The one give-up rule: transient failures back off until `maxAttempts` in a row,
    /// then stop with the last cause inside; a refusal stops at once; a success clears it.
    @Test func theAttemptsBookkeepingBacksOffGivesUpAndClears() {
        let start = Date(timeIntervalSince1970: 1_788_544_800)
        let schedule = RetrySchedule()
        var attempts = WriteAttempts(nextAt: start)
        let down = WriteProblem.unavailable(status: 503, error: nil, message: nil)
        #expect(attempts.record(.transient(down), now: start, schedule: schedule, jitter: 0.5) == .retry(at: start.addingTimeInterval(2.5)))
        #expect(attempts.count == 1 && attempts.problem == down && attempts.nextAt == start.addingTimeInterval(2.5))
        #expect(attempts.record(.blobMissing(down), now: start, schedule: schedule, jitter: 0) == .retry(at: start), "a lost upload goes again at once")
        for _ in 3..<schedule.maxAttempts { _ = attempts.record(.transient(down), now: start, schedule: schedule, jitter: 0) }
        #expect(attempts.count == schedule.maxAttempts - 1)
        #expect(attempts.record(.transient(down), now: start, schedule: schedule, jitter: 0) == .stopped)
        #expect(attempts.problem == .gaveUp(attempts: schedule.maxAttempts, last: down))
        attempts.succeeded()
        #expect(attempts.count == 0 && attempts.problem == nil)
        #expect(attempts.record(.permanent(.signedOut), now: start, schedule: schedule, jitter: 0) == .stopped)
        #expect(attempts.count == 0 && attempts.problem == .signedOut, "a refusal is not a try to count")
    }
}

import ATProtoTestKit
import AppTestKit
import Foundation
import HTTPTestKit
import MicroHTTPServer
import Testing

@testable import GrainStoriesWeb

/// Uploads are prepared by the configured photo worker executable (as `serve` configures
/// it: itself), not in the server's own process.
@Suite struct PhotoWorkerWiringTests {
    typealias Flow = PostingFlowTests

    @Test func anUploadIsPreparedByTheWorkerProcess() async throws {
        let pds = try FakePDS()
        let working = try await AppHarness()
        #expect(working.configuration.photoWorkerExecutable == ServerProcess.photoBinary)
        let (alice, _) = try await Flow.signIn(working, pds)
        #expect(try await Flow.upload(alice, try Flow.photoWithGPS()).status == .seeOther)
        await working.shutdown()

        // A worker that prints nothing: the upload cannot be prepared, so it really is
        // the worker that prepares it.
        let broken = try await AppHarness(configure: { $0.photoWorkerExecutable = "/bin/true" })
        let (bob, _) = try await Flow.signIn(broken, pds)
        let refused = try await Flow.upload(bob, try Flow.photoWithGPS())
        #expect(refused.status != .seeOther)
        #expect(refused.text.contains("form-error"))
        await broken.shutdown()
        pds.stop()
    }
}

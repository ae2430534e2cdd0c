import CurlHTTPClient
import MicroHTTPServer
import Testing

@testable import ATProto
@testable import GrainStoriesWeb

@Suite struct IdentityErrorTests {
    @Test func messagesNameTheAccountAndSayWhatToDo() {
        let message = IdentityError.handleNotFound("alice.example").userMessage
        #expect(message == "No account called alice.example was found. Check how your handle is spelled: it looks like alice.bsky.social.")
        #expect(IdentityError.insecurePDS("http://pds.example.com").userMessage.contains("http://pds.example.com"))
    }

    @Test func transportDetailGoesToLogsNotToPeople() {
        let error = IdentityError.unreachable(
            service: "The PLC directory", cause: .transport(.transport(HTTPClientError(.timedOut, curlCode: 28, message: "Operation timed out"))))
        #expect(error.description.contains("timed out"))
        #expect(!error.userMessage.contains("timed out"))
        #expect(error.userMessage.hasPrefix("The PLC directory could not be reached"))
    }

    @Test func statusesSayWhoseFaultItWas() {
        #expect(IdentityError.invalidHandle.status == .badRequest)
        #expect(IdentityError.insecurePDS("http://x.example").status == .badRequest)
        #expect(IdentityError.handleNotFound("a.test").status == .notFound)
        #expect(IdentityError.didNotFound("did:plc:x").status == .notFound)
        #expect(IdentityError.noPDS("did:plc:x").status == .unprocessableContent)
        #expect(IdentityError.unreachable(service: "x", cause: .status(503)).status == .badGateway)
        #expect(IdentityError.pdsMismatch(did: "did:plc:x", documentPDS: "https://pds.example.com").status == .forbidden)
        #expect(IdentityError.handleMismatch(handle: "a.test", did: "did:plc:x").status == .unprocessableContent)
        let error: any HTTPResponseError = IdentityError.invalidPDS
        #expect(error.publicMessage == IdentityError.invalidPDS.userMessage)
    }
}

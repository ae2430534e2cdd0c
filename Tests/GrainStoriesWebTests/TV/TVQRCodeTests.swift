import AppTestKit
import Foundation
import MicroHTTPServer
import TestKit
import Testing

@testable import GrainStoriesWeb

/// "Open it on your phone": with `--tv-qr-code` each story on a TV carries a QR code of
/// its own page on this server, in handle form, drawn by libqrencode as SVG; read back
/// here by an independent decoder (rsvg-convert to PNG, then zbarimg). Off by default.
@Suite struct TVQRCodeTests {
    static let kenjiPath = "/profile/kenji.photo/story/3mstorydocu0"

    /// The texts zbarimg reads from an SVG, drawn at 400 px by rsvg-convert.
    static func decode(svg: [UInt8]) throws -> [String] {
        let directory = ProjectPaths.temporaryDirectory("qr")
        defer { try? FileManager.default.removeItem(atPath: directory) }
        try Data(svg).write(to: URL(fileURLWithPath: directory + "/code.svg"))
        let run = try CommandRun(
            ["-w", "400", "-h", "400", "-b", "white", "-o", directory + "/code.png", directory + "/code.svg"], executable: "/usr/bin/rsvg-convert")
        try #require(run.status == 0, "rsvg-convert: \(run.error)")
        return try QRCodeReader.texts(inImageAt: directory + "/code.png")
    }

    static func qrSource(_ html: String) -> String? {
        HTMLInspection.attributeValues("src", in: html) { $0.contains("class=\"tv-qr\"") }.first
    }

    @Test func offByDefaultTheRouteIsNotThereAndNoCodeShows() async throws {
        let app = try await AppHarness()
        let page = await app.respond("/tv").text
        let code = await app.respond("/tv/qr/kenji.photo/3mstorydocu0", headers: [("Host", "tv.example")])
        await app.shutdown()
        #expect(Self.qrSource(page) == nil && !page.contains("tv-qr"))
        #expect(code.status == .notFound)
    }

    @Test func eachStoryCarriesACodeOfItsOwnPageInHandleForm() async throws {
        let app = try await AppHarness(configure: { $0.tvQRCode = true })
        let page = await app.respond("/tv", headers: [("Host", "192.168.1.20:8080")]).text
        let source = try #require(Self.qrSource(page), "no QR code on the TV page")
        let code = await app.respond(source, headers: [("Host", "192.168.1.20:8080")])
        let byDID = await app.respond("/tv/qr/did:plc:ogyr5xkxwnrekpk5yroudocu/3mstorydocu0", headers: [("Host", "192.168.1.20:8080")])
        let malformed = await app.respond("/tv/qr/not%20a%20handle/3mstorydocu0", headers: [("Host", "tv.example")])
        let badKey = await app.respond("/tv/qr/kenji.photo/..", headers: [("Host", "tv.example")])
        await app.shutdown()
        #expect(source == "/tv/qr/kenji.photo/3mstorydocu0", "named by the handle, as every link is")
        #expect(page.contains("alt=\"QR code: open Kenji Sato’s story on your phone\""))
        #expect(code.status == .ok && code.headers["Content-Type"] == "image/svg+xml")
        #expect(try Self.decode(svg: code.bodyBytes) == ["http://192.168.1.20:8080" + Self.kenjiPath])
        #expect(try Self.decode(svg: byDID.bodyBytes) == ["http://192.168.1.20:8080/profile/did:plc:ogyr5xkxwnrekpk5yroudocu/story/3mstorydocu0"])
        // Refused, never drawn: no handle or DID, or no record key.
        #expect(malformed.status == .notFound, "\(malformed.status)")
        #expect([.notFound, .badRequest].contains(badKey.status) && badKey.headers["Content-Type"] != "image/svg+xml", "\(badKey.status)")
    }

    /// With `--public-url` the code names that address, whatever Host the TV used.
    @Test func theConfiguredPublicAddressIsTheOneInTheCode() async throws {
        let app = try await AppHarness(configure: {
            $0.tvQRCode = true
            $0.publicURL = "https://stories.example.org"
        })
        let code = await app.respond("/tv/qr/kenji.photo/3mstorydocu0", headers: [("Host", "evil.example")])
        await app.shutdown()
        #expect(try Self.decode(svg: code.bodyBytes) == ["https://stories.example.org" + Self.kenjiPath])
    }
}

extension HTTPResponse {
    /// The body's bytes (tests).
    var bodyBytes: [UInt8] {
        if case .bytes(let bytes) = body { return bytes }
        return Array(text.utf8)
    }
}

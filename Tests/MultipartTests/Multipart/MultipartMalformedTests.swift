import Foundation
import TestKit
import Testing

@testable import Multipart

@Suite struct MultipartMalformedTests {
    private func parse(
        _ bytes: [UInt8], contentType: String? = "multipart/form-data; boundary=m",
        in directory: UploadDirectory
    ) throws(MultipartError) -> MultipartForm {
        try MultipartFormParser(chunkSize: 5).parse(bytes, contentType: contentType, fileDirectory: directory.path)
    }

    private func body(_ text: String) -> [UInt8] { Array(text.utf8) }

    @Test func wrongOrMissingContentTypeIs415() {
        let directory = UploadDirectory()
        let form = MultipartBody(boundary: "m").field("a", "b").bytes()
        for contentType in [nil, "application/x-www-form-urlencoded", "multipart/mixed; boundary=m", "text/plain", ""] {
            let error = #expect(throws: MultipartError.self) { try parse(form, contentType: contentType, in: directory) }
            #expect(error == .notMultipart, "\(contentType ?? "nil")")
        }
    }

    @Test func missingOrInvalidBoundaryIs400() {
        let directory = UploadDirectory()
        for contentType in [
            "multipart/form-data", "multipart/form-data; boundary=", "multipart/form-data; boundary=\"\"",
            "multipart/form-data; boundary=\(String(repeating: "a", count: 71))", "multipart/form-data; boundary=a\\b",
            "multipart/form-data; boundary=\"ends with space \"", "multipart/form-data; boundary=\"unclosed",
            "multipart/form-data; boundary=a; boundary=b", "multipart/form-data; boundary=\"a\rb\"",
        ] {
            let error = #expect(throws: MultipartError.self) { try parse(body("--a--"), contentType: contentType, in: directory) }
            #expect(error == .missingBoundary, "\(contentType)")
        }
        let seventy = String(repeating: "z", count: 70)
        #expect(throws: Never.self) {
            try parse(MultipartBody(boundary: seventy).field("a", "b").bytes(), contentType: "multipart/form-data; boundary=\(seventy)", in: directory)
        }
    }

    @Test func missingFinalBoundaryIsTruncated() {
        let directory = UploadDirectory()
        for text in [
            "--m\r\nContent-Disposition: form-data; name=\"a\"\r\n\r\nvalue", "--m\r\nContent-Disposition: form-da",
            "--m\r\nContent-Disposition: form-data; name=\"a\"\r\n\r\nv\r\n--m", "--m\r\nContent-Disposition: form-data; name=\"a\"\r\n\r\nv\r\n--m-",
            "--m", "--m\r",
        ] {
            let error = #expect(throws: MultipartError.self) { try parse(body(text), in: directory) }
            #expect(error == .truncated, "\(text.debugDescription)")
        }
    }

    @Test func garbageIsMalformed() {
        let directory = UploadDirectory()
        var generator = TestKit.SplitMix64(seed: 7)
        let noise = (0..<2000).map { _ in UInt8(truncatingIfNeeded: generator.next()) }
        for bytes in [
            [], noise, body("hello world"), body("-m\r\n"), body("--m\n\nbare LF after the boundary"),
            body("--mx\r\n"), body("--m \tx\r\n"), body("--m\r\r\n"),
        ] {
            let error = #expect(throws: MultipartError.self) { try parse(bytes, in: directory) }
            if case .malformed = error {} else { Issue.record("expected malformed, got \(String(describing: error))") }
        }
        #expect(throws: Never.self) { try parse(body("--m \t \r\nContent-Disposition: form-data; name=a\r\n\r\n\r\n--m--"), in: directory) }
    }

    @Test func badPartHeadersAreRefusedWithFilesRemoved() throws {
        let directory = UploadDirectory()
        let first = MultipartBody(boundary: "m").file("photo", filename: "a.jpg", [1, 2, 3])
        let cases: [([String], MultipartError)] = [
            ([], .malformed(reason: "a part has no Content-Disposition")),
            (["Content-Disposition: form-data"], .missingName),
            (["Content-Disposition: form-data; name=\"\""], .missingName),
            (["Content-Disposition: attachment; name=\"a\""], .malformed(reason: "a part is not form-data")),
            (["Content-Disposition: form-data; name=\"a\"; name=\"b\""], .malformed(reason: "a part's Content-Disposition is malformed")),
            (["Content-Disposition: form-data; name=\"a"], .malformed(reason: "a part's Content-Disposition is malformed")),
            (
                ["Content-Disposition: form-data; name=\"a\"", "Content-Disposition: form-data; name=\"b\""],
                .malformed(reason: "a part has two Content-Disposition headers")
            ),
            (["Content-Disposition: form-data; name=\"a\"", "Content-Type: multipart/mixed; boundary=inner"], .nestedMultipart),
            (
                ["Content-Disposition: form-data; name=\"a\"", "Content-Transfer-Encoding: base64"],
                .malformed(reason: "a part uses an unsupported Content-Transfer-Encoding")
            ),
            (["Content-Disposition: form-data; name=\"a\"", " folded"], .malformed(reason: "a part header is folded")),
            (["Content-Disposition: form-data; name=\"a\"\rX-Smuggled: 1"], .malformed(reason: "a part header contains a stray carriage return")),
            (["Content-Disposition: form-data; name=\"a\"", "no colon here"], .malformed(reason: "a part header is malformed")),
        ]
        for (headers, expected) in cases {
            let bytes = first.raw(headers: headers, Array("v".utf8)).bytes()
            let error = #expect(throws: MultipartError.self) { try parse(bytes, in: directory) }
            #expect(error == expected, "\(headers)")
            #expect(try directory.entries.isEmpty, "\(headers)")
        }
    }

    @Test func invalidUTF8InATextFieldIsMalformed() {
        let directory = UploadDirectory()
        let bytes = MultipartBody(boundary: "m").raw(headers: ["Content-Disposition: form-data; name=\"a\""], [0xC3, 0x28]).bytes()
        #expect(throws: MultipartError.malformed(reason: "a text field is not valid UTF-8")) { try parse(bytes, in: directory) }
    }

    @Test func bareLineFeedsInPartHeadersAreTolerated() throws {
        let directory = UploadDirectory()
        let text =
            "--m\r\nContent-Disposition: form-data; name=\"a\"\nX-Other: 1\n\nvalue\r\n--m\r\n"
            + "Content-Disposition: form-data; name=\"b\"\n\r\nsecond\r\n--m--"
        let form = try parse(body(text), in: directory)
        #expect(form.fields == [MultipartField(name: "a", value: "value"), MultipartField(name: "b", value: "second")])
    }

    @Test func unknownHeadersAreIgnoredAndMissingContentTypeDefaults() throws {
        let directory = UploadDirectory()
        let bytes = MultipartBody(boundary: "m")
            .raw(headers: ["X-Whatever: 1", "content-disposition: FORM-DATA; NAME=\"f\"; FileName=\"x.jpg\"", "Content-Transfer-Encoding: binary"], [1])
            .raw(headers: ["Content-Disposition: form-data; name=\"g\"; filename=\"y\"", "Content-Type: IMAGE/JPEG; charset=whatever"], [2])
            .bytes()
        let form = try parse(bytes, in: directory)
        defer { form.removeFiles() }
        #expect(form.files.map(\.contentType) == ["application/octet-stream", "image/jpeg"])
        #expect(form.files.map(\.filename) == ["x.jpg", "y"])
    }

    @Test func writeFailuresAre500WithoutDetailsInThePublicMessage() {
        let missing = "/nonexistent-\(UUID().uuidString)/uploads"
        let bytes = MultipartBody(boundary: "m").file("f", filename: "a", [1]).bytes()
        let error = #expect(throws: MultipartError.self) {
            try MultipartFormParser().parse(bytes, contentType: "multipart/form-data; boundary=m", fileDirectory: missing)
        }
        #expect(error?.publicMessage.contains("nonexistent") == false)
        #expect(error?.description.contains(missing) == true)
        #expect(error?.description.contains("No such file") == true)
    }
}

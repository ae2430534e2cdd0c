import Foundation
import TestKit
import Testing

@testable import Multipart

@Suite struct MultipartLimitTests {
    let contentType = "multipart/form-data; boundary=lim"

    private func parse(
        _ body: MultipartBody, limits: MultipartLimits = MultipartLimits(), in directory: UploadDirectory,
        chunkSize: Int = 7
    ) throws(MultipartError) -> MultipartForm {
        try MultipartFormParser(limits: limits, chunkSize: chunkSize).parse(
            body.bytes(), contentType: contentType, fileDirectory: directory.path)
    }

    @Test func fileAtTheLimitIsAcceptedOneByteMoreIs413AndLeavesNothing() throws {
        let directory = UploadDirectory()
        let limits = MultipartLimits(maxFileBytes: 100)
        let atLimit = try parse(MultipartBody(boundary: "lim").file("f", filename: "a", [UInt8](repeating: 7, count: 100)), limits: limits, in: directory)
        #expect(atLimit.files.map(\.size) == [100])
        atLimit.removeFiles()
        #expect(try directory.entries.isEmpty)

        let body = MultipartBody(boundary: "lim")
            .file("first", filename: "ok", [1, 2, 3])
            .file("second", filename: "big", [UInt8](repeating: 7, count: 101))
        let error = #expect(throws: MultipartError.self) { try parse(body, limits: limits, in: directory) }
        #expect(error == .fileTooLarge(limit: 100))
        #expect(try directory.entries.isEmpty, "both the finished and the half-written file are removed")
    }

    @Test func twoFilesAreAcceptedAThirdIsRefused() throws {
        let directory = UploadDirectory()
        let two = MultipartBody(boundary: "lim").file("p", filename: "1.jpg", [1]).file("p", filename: "2.jpg", [2])
        let form = try parse(two, in: directory)
        #expect(form.files.map(\.filename) == ["1.jpg", "2.jpg"])
        #expect(Set(try directory.entries).count == 2)
        form.removeFiles()
        #expect(try directory.entries.isEmpty)

        let three = two.file("p", filename: "3.jpg", [3])
        let error = #expect(throws: MultipartError.self) { try parse(three, in: directory) }
        #expect(error == .tooManyFiles(limit: 2))
        #expect(try directory.entries.isEmpty)
    }

    @Test func emptyFileInputIsNoFileChosenAndNotCounted() throws {
        let directory = UploadDirectory()
        let body = MultipartBody(boundary: "lim")
            .field("csrf", "t")
            .file("photo", filename: "", [])
            .file("a", filename: "1", [1]).file("b", filename: "2", [2])
        let form = try parse(body, in: directory)
        defer { form.removeFiles() }
        #expect(form.emptyFileFields == ["photo"])
        #expect(form.files.map(\.fieldName) == ["a", "b"])
        #expect(try directory.entries.count == 2)
    }

    @Test func chosenEmptyFileIsAFileAndNamelessBytesAreToo() throws {
        let directory = UploadDirectory()
        let body = MultipartBody(boundary: "lim").file("a", filename: "empty.jpg", []).file("b", filename: "", [9])
        let form = try parse(body, in: directory)
        defer { form.removeFiles() }
        #expect(form.emptyFileFields.isEmpty)
        #expect(MultipartFixtures.summary(form).files.map(\.content) == [[], [9]])
    }

    @Test func tooManyFieldsAreRefused() throws {
        let directory = UploadDirectory()
        let limits = MultipartLimits(maxFields: 2)
        let two = MultipartBody(boundary: "lim").field("a", "1").field("b", "2")
        #expect(try parse(two, limits: limits, in: directory).fields.count == 2)
        let error = #expect(throws: MultipartError.self) { try parse(two.field("c", "3"), limits: limits, in: directory) }
        #expect(error == .tooManyFields(limit: 2))
    }

    @Test func longFieldIs413() throws {
        let directory = UploadDirectory()
        let limits = MultipartLimits(maxFieldBytes: 10)
        #expect(try parse(MultipartBody(boundary: "lim").field("a", "0123456789"), limits: limits, in: directory)["a"] == "0123456789")
        let error = #expect(throws: MultipartError.self) {
            try parse(MultipartBody(boundary: "lim").field("a", "0123456789!"), limits: limits, in: directory)
        }
        #expect(error == .fieldTooLarge(limit: 10))
    }

    @Test func tooManyPartsCountNoFileParts() throws {
        let directory = UploadDirectory()
        var body = MultipartBody(boundary: "lim")
        for _ in 0..<4 { body = body.file("photo", filename: "", []) }
        let error = #expect(throws: MultipartError.self) { try parse(body, limits: MultipartLimits(maxParts: 3), in: directory) }
        #expect(error == .tooManyParts(limit: 3))
    }

    @Test func oversizedHeaderBlockIsRefused() throws {
        let directory = UploadDirectory()
        let limits = MultipartLimits(maxHeaderBytes: 200)
        let filler = String(repeating: "x", count: 120)
        let fits = MultipartBody(boundary: "lim").raw(headers: ["Content-Disposition: form-data; name=\"a\"", "X-Filler: \(filler)"], [])
        #expect(try parse(fits, limits: limits, in: directory).fields.count == 1)
        let tooBig = MultipartBody(boundary: "lim").raw(
            headers: ["Content-Disposition: form-data; name=\"a\"", "X-Filler: \(filler)", "X-More: \(filler)"], [])
        let error = #expect(throws: MultipartError.self) { try parse(tooBig, limits: limits, in: directory, chunkSize: 1) }
        #expect(error == .headerTooLarge(limit: 200))
        // A header block that never ends is cut off at the same limit, not read forever.
        let endless = Array("--lim\r\nContent-Disposition: form-data; name=\"a\"\r\n".utf8) + [UInt8](repeating: 0x41, count: 10_000)
        #expect(throws: MultipartError.headerTooLarge(limit: 200)) {
            try MultipartFormParser(limits: limits).parse(endless, contentType: contentType, fileDirectory: directory.path)
        }
    }

    @Test func filesAreRemovedWhenTheBodyIsCutOffMidFile() throws {
        let directory = UploadDirectory()
        let full = MultipartBody(boundary: "lim").file("a", filename: "1", [1, 2]).file("b", filename: "2", [UInt8](repeating: 5, count: 500)).bytes()
        let cut = Array(full.prefix(full.count - 200))
        let error = #expect(throws: MultipartError.self) {
            try MultipartFormParser(chunkSize: 64).parse(cut, contentType: contentType, fileDirectory: directory.path)
        }
        #expect(error == .truncated)
        #expect(try directory.entries.isEmpty)
    }

    @Test func writtenFilesAreOwnerReadWriteOnly() throws {
        let directory = UploadDirectory()
        let form = try parse(MultipartBody(boundary: "lim").file("a", filename: "1", [1]).file("b", filename: "e", []), in: directory)
        defer { form.removeFiles() }
        #expect(form.files.count == 2)
        for file in form.files {
            let attributes = try FileManager.default.attributesOfItem(atPath: file.path)
            #expect((attributes[.posixPermissions] as? NSNumber)?.intValue == 0o600)
        }
    }

    @Test func removeFilesDeletesEveryFileOfTheForm() throws {
        let directory = UploadDirectory()
        let form = try parse(MultipartBody(boundary: "lim").file("a", filename: "1", [1]).file("b", filename: "2", [2]), in: directory)
        #expect(try directory.entries.count == 2)
        form.removeFiles()
        #expect(try directory.entries.isEmpty)
        form.removeFiles()  // already gone: no crash, nothing to do
    }
}

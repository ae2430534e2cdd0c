import Foundation
import TestKit

@testable import Multipart

/// Bodies, directories and comparisons shared by the multipart tests.
enum MultipartFixtures {
    static let chromeBoundary = "----WebKitFormBoundaryx7Qn2T9cLmA4bKfE"
    static let chromeContentType = "multipart/form-data; boundary=\(chromeBoundary)"

    /// A body byte for byte as Chrome sends the story upload form (written out by hand
    /// rather than with `MultipartBody`, so the builder cannot hide a shared mistake).
    static func chromeBody(photo: [UInt8], filename: String = "IMG_2041.jpg") -> [UInt8] {
        let b = chromeBoundary
        let head =
            "--\(b)\r\nContent-Disposition: form-data; name=\"csrf\"\r\n\r\nk3J9-xq_P0w8ZtLr5sYh\r\n"
            + "--\(b)\r\nContent-Disposition: form-data; name=\"caption\"\r\n\r\nMorning light over the harbour\r\n"
            + "--\(b)\r\nContent-Disposition: form-data; name=\"photo\"; filename=\"\(filename)\"\r\nContent-Type: image/jpeg\r\n\r\n"
        let tail = "\r\n--\(b)\r\nContent-Disposition: form-data; name=\"alt\"\r\n\r\n\r\n--\(b)--\r\n"
        return Array(head.utf8) + photo + Array(tail.utf8)
    }

    /// Content that tries to look like the Chrome boundary without being one: CR, LF,
    /// `--`, the boundary minus its last character, a delimiter prefix at the very end.
    static func trickyContent(boundary: String = chromeBoundary, length: Int = 3000) -> [UInt8] {
        let almost = Array("\r\n--\(boundary.dropLast())".utf8)
        var out = Array("--\(boundary)\r\n".utf8)  // a delimiter line without its CRLF is content
        var generator = TestKit.SplitMix64(seed: 0x5EED)
        while out.count < length {
            switch generator.next() % 7 {
            case 0: out += almost + Array("#".utf8)  // never the missing last character
            case 1: out += [0x0D, 0x0A, 0x2D, 0x2D]
            case 2: out += [0x0D, 0x0D, 0x0A, 0x0A]
            case 3: out += Array("x\n--\(boundary)".utf8)  // LF without CR: not a delimiter
            default: out += (0..<Int(generator.next() % 40)).map { _ in UInt8(truncatingIfNeeded: generator.next()) }
            }
        }
        return out + Array("\r\n--\(boundary.prefix(5))".utf8) + [0x0D]
    }

    /// A comparable summary of a form: file contents instead of random paths.
    struct Summary: Equatable {
        let fields: [MultipartField]
        let emptyFileFields: [String]
        let files: [FileSummary]
    }

    struct FileSummary: Equatable {
        let fieldName: String
        let filename: String
        let contentType: String
        let size: Int
        let content: [UInt8]
    }

    static func summary(_ form: MultipartForm) -> Summary {
        Summary(
            fields: form.fields, emptyFileFields: form.emptyFileFields,
            files: form.files.map { file in
                let content = (try? Data(contentsOf: URL(fileURLWithPath: file.path))).map(Array.init) ?? []
                return FileSummary(
                    fieldName: file.fieldName, filename: file.filename, contentType: file.contentType,
                    size: file.size, content: content)
            })
    }

    /// The names in `directory`, sorted. Throws if it cannot be listed, so "nothing
    /// left behind" never passes on a directory that is not there.
    static func entries(_ directory: String) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: directory).sorted()
    }
}

/// A temporary directory for one test, deleted with everything in it when released.
final class UploadDirectory {
    let path = ProjectPaths.temporaryDirectory("multipart")
    var entries: [String] { get throws { try MultipartFixtures.entries(path) } }
    deinit { try? FileManager.default.removeItem(atPath: path) }
}

import Testing

@testable import Multipart

@Suite struct ContentDispositionTests {
    @Test func quotedEscapesAndWindowsPaths() throws {
        #expect(try ContentDisposition(parsing: #"form-data; name="photo"; filename="a\"b\\c.jpg""#).filename == #"a"b\c.jpg"#)
        let windows = try ContentDisposition(parsing: #"form-data; name="photo"; filename="C:\Users\maya\IMG 1.jpg""#)
        #expect(windows.filename == #"C:\Users\maya\IMG 1.jpg"#)
        #expect(UploadFilename.displayName(windows.filename ?? "") == "IMG 1.jpg")
    }

    @Test func browserPercentEscapesAreDecoded() throws {
        let disposition = try ContentDisposition(parsing: #"form-data; name="a%22b"; filename="say %22hi%22%0A.jpg""#)
        #expect(disposition.name == "a\"b")
        #expect(disposition.filename == "say \"hi\"\n.jpg")
        #expect(UploadFilename.displayName(disposition.filename ?? "") == "say \"hi\".jpg")
    }

    @Test func extendedFilenameWinsAndDecodesUnicode() throws {
        let disposition = try ContentDisposition(
            parsing: #"form-data; name="photo"; filename="fallback.jpg"; filename*=UTF-8''%F0%9F%93%B7%20caf%C3%A9.jpg"#)
        #expect(disposition.filename == "📷 café.jpg")
        #expect(try ContentDisposition(parsing: "form-data; name=p; filename*=utf-8'fr'%C3%A9t%C3%A9.jpg").filename == "été.jpg")
        // Undecodable or unsupported charsets fall back to `filename`, or to an empty name.
        #expect(try ContentDisposition(parsing: #"form-data; name=p; filename="plain.jpg"; filename*=UTF-8''%C3%28"#).filename == "plain.jpg")
        #expect(try ContentDisposition(parsing: "form-data; name=p; filename*=ISO-8859-1''caf%E9.jpg").filename == "")
    }

    @Test func rawUTF8FilenamesAsChromeSendsThem() throws {
        let disposition = try ContentDisposition(parsing: "form-data; name=\"photo\"; filename=\"фото ☀️.jpg\"")
        #expect(disposition.filename == "фото ☀️.jpg")
        #expect(try ContentDisposition(parsing: "form-data; name=\"caption\"").filename == nil)
    }

    @Test func displayNamesLoseDirectoriesControlsAndBidiOverrides() {
        #expect(UploadFilename.displayName("../../etc/passwd") == "passwd")
        #expect(UploadFilename.displayName("photo\u{202E}gpj.exe") == "photogpj.exe")
        #expect(UploadFilename.displayName("  a\u{0}b\u{7}c.jpg \t") == "abc.jpg")
        #expect(UploadFilename.displayName("..") == "")
        #expect(UploadFilename.displayName("dir/") == "")
        #expect(UploadFilename.displayName(String(repeating: "é", count: 300)).count == UploadFilename.maxCharacters)
    }

    @Test func headerValueParameters() {
        let value = HeaderValue(parsing: "multipart/form-data ; Boundary = \"a;b\" ; ; charset=utf-8")
        #expect(value?.value == "multipart/form-data")
        #expect(value?.parameters == ["boundary": "a;b", "charset": "utf-8"])
        #expect(HeaderValue(parsing: "") == nil)
        #expect(HeaderValue(parsing: "a; b") == nil)
        #expect(HeaderValue(parsing: "a; b=\"x\"y") == nil)
        #expect(HeaderValue(parsing: "a; b=x y") == nil)
    }

    @Test func delimiterSearchFindsPartialPrefixesAndResumesAfterMismatches() {
        let delimiter = Array("\r\n--ab".utf8)
        #expect(DelimiterSearch.find(delimiter, in: Array("xx\r\n--ab".utf8), from: 0) == .found(2))
        #expect(DelimiterSearch.find(delimiter, in: Array("xx\r\n--a".utf8), from: 0) == .partial(2))
        #expect(DelimiterSearch.find(delimiter, in: Array("xx\r".utf8), from: 0) == .partial(2))
        #expect(DelimiterSearch.find(delimiter, in: Array("\r\n-\r\n--ab".utf8), from: 0) == .found(3))
        #expect(DelimiterSearch.find(delimiter, in: Array("\r\n--ax\r\n--ab".utf8), from: 1) == .found(6))
        #expect(DelimiterSearch.find(delimiter, in: Array("\r\n--ac".utf8), from: 0) == .absent)
        #expect(DelimiterSearch.find(delimiter, in: [], from: 0) == .absent)
    }
}

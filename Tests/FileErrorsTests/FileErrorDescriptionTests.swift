import DurableFiles
import FileErrors
import Foundation
import Testing

/// File errors in a person's words, without Foundation's `localizedDescription`.
@Suite struct FileErrorDescriptionTests {
    @Test func fileManagersErrorsReadAsTheSystemSaysThem() {
        let error = #expect(throws: (any Error).self) { _ = try FileManager.default.contentsOfDirectory(atPath: "/nonexistent/dir") }
        #expect(error?.fileErrorDescription == "/nonexistent/dir: No such file or directory (errno 2)")
    }

    @Test func ourOwnFileErrorsKeepTheirDescription() {
        let error = FileSystemError(operation: "opening /x", code: EACCES)
        #expect((error as any Error).fileErrorDescription == "opening /x failed: Permission denied (errno 13)")
    }
}

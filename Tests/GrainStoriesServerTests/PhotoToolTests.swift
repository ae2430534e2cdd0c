import AppTestKit
import Foundation
import HTTPTestKit
import TestKit
import Testing

/// The photo pipeline lives in `grain-stories-photo`, beside the server: the server links no
/// image codec, `grain-stories photo …` is handed over to the photo tool, and a server that
/// cannot find the tool refuses to start rather than failing every upload later.
@Suite struct PhotoToolTests {
    static let codecs = ["libheif", "libturbojpeg", "libjpeg", "libpng", "libwebp", "libgif", "libexif", "libdav1d", "libde265", "libx265"]

    /// The shared libraries `binary` loads, as the dynamic loader resolves them.
    static func loadedLibraries(of binary: String) throws -> [String] {
        let run = try CommandRun([binary], executable: "/usr/bin/ldd")
        try #require(run.status == 0, "ldd \(binary): \(run.error)")
        return run.output.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
    }

    @Test func theServerLoadsNoImageCodecAndThePhotoToolDoes() throws {
        let server = try Self.loadedLibraries(of: ServerProcess.binary)
        let tool = try Self.loadedLibraries(of: ServerProcess.photoBinary)
        for codec in Self.codecs {
            #expect(!server.contains { $0.hasPrefix(codec) }, "grain-stories loads \(codec)")
        }
        for codec in ["libheif", "libturbojpeg", "libpng", "libwebp", "libexif"] {
            #expect(tool.contains { $0.hasPrefix(codec) }, "grain-stories-photo loads \(codec): \(tool)")
        }
    }

    /// Neither program loads full Foundation, whose ICU and CoreFoundation cost the idle
    /// server megabytes (issue 26); the server uses `FoundationEssentials` only, the photo
    /// tool not even that. (This test
    /// build links the Swift libraries dynamically, so `ldd` sees them.)
    @Test func neitherProgramLoadsFullFoundationOrICU() throws {
        for binary in [ServerProcess.binary, ServerProcess.photoBinary] {
            let libraries = try Self.loadedLibraries(of: binary)
            for name in ["libFoundation.so", "libFoundationInternationalization", "lib_FoundationICU"] {
                #expect(!libraries.contains { $0.hasPrefix(name) }, "\(binary) loads \(name)")
            }
        }
        #expect(try Self.loadedLibraries(of: ServerProcess.binary).contains { $0.hasPrefix("libFoundationEssentials") })
        // The photo tool, started for every upload, does without even that.
        #expect(try !Self.loadedLibraries(of: ServerProcess.photoBinary).contains { $0.hasPrefix("libFoundation") })
    }

    /// `grain-stories photo process` as docs/commands.md shows it: the server's executable hands the
    /// whole command line to the photo tool, which prints the summary and writes the JPEG.
    @Test func photoProcessThroughTheServersExecutableIsHandedToThePhotoTool() throws {
        let directory = ProjectPaths.temporaryDirectory("photo-tool")
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let input = ProjectPaths.root + "/Tests/PhotoPipelineTests/Resources/exiftool-sydney.jpg"
        let output = directory + "/out.jpg"
        let run = try CommandRun(["photo", "process", input, output, "--box", "300"])
        #expect(run.status == 0, "\(run.error)")
        #expect(run.output.hasPrefix("{\"width\":"), "\(run.output)")
        #expect(run.output.contains("\"h3\":\""), "the photo's GPS position becomes a cell: \(run.output)")
        let written = try #require(FileManager.default.contents(atPath: output))
        #expect(written.starts(with: [0xFF, 0xD8]))
        let usage = try CommandRun(["photo", "process", input])
        #expect(usage.status == 64 && usage.error.contains("usage:"), "\(usage.error)")
    }

    /// A server installed without its photo tool: `serve` says what is missing and where,
    /// and exits 78, before it listens; `photo process` says the same and exits 69.
    @Test func aServerWithoutItsPhotoToolRefusesToStart() throws {
        let directory = ProjectPaths.temporaryDirectory("photo-tool-missing")
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let lonely = directory + "/grain-stories"
        try FileManager.default.copyItem(atPath: ServerProcess.binary, toPath: lonely)
        let serve = try CommandRun(
            // An address no interface has (TEST-NET-3): were the check missing, the server
            // would fail to listen and exit, not run on and hang this test.
            ["serve", "--host", "203.0.113.1", "--port", "0", "--data-dir", directory + "/data"], executable: lonely)
        #expect(serve.status == 78)
        #expect(serve.error.contains("grain-stories-photo is missing or not executable at \(directory)/grain-stories-photo"), "\(serve.error)")
        let photo = try CommandRun(["photo", "process", "in.jpg", "out.jpg"], executable: lonely)
        #expect(photo.status == 69)
        #expect(photo.error.contains("grain-stories-photo is missing"), "\(photo.error)")
    }
}

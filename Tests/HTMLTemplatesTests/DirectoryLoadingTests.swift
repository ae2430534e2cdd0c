import Foundation
import HTMLTemplates
import Testing

/// Loads from a fresh temporary directory per test, removed afterwards.
@Suite struct DirectoryLoadingTests {
    /// A temporary directory with `Templates/` inside, and a sibling outside it.
    struct Sandbox: ~Copyable {
        let base: String
        var templates: String { base + "/Templates" }

        init() throws {
            base = FileManager.default.temporaryDirectory.path + "/html-templates-\(UUID().uuidString)"
            try FileManager.default.createDirectory(atPath: base + "/Templates", withIntermediateDirectories: true)
        }

        deinit {
            try? FileManager.default.removeItem(atPath: base)
        }

        func write(_ relative: String, _ text: String) throws {
            let path = base + "/" + relative
            let directory = (path as NSString).deletingLastPathComponent
            try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
            try Data(text.utf8).write(to: URL(fileURLWithPath: path))
        }

        func link(_ relative: String, to destination: String) throws {
            try FileManager.default.createSymbolicLink(atPath: base + "/" + relative, withDestinationPath: destination)
        }
    }

    @Test func nestedFilesAreNamedByRelativePathWithoutExtension() throws {
        let sandbox = try Sandbox()
        try sandbox.write("Templates/index.html", "<ul>{{> partials/item}}</ul>")
        try sandbox.write("Templates/partials/item.html", "<li>{{name}}</li>")
        try sandbox.write("Templates/partials/deeper/x.html", "x")
        try sandbox.write("Templates/README.md", "not a template")
        let library = try TemplateLibrary(directory: sandbox.templates, strict: true)
        #expect(library.names == ["index", "partials/deeper/x", "partials/item"])
        #expect(try library.render("index", ["name": "a"]) == "<ul><li>a</li></ul>")
    }

    @Test func dotfilesAndDotDirectoriesAreNotLoaded() throws {
        let sandbox = try Sandbox()
        try sandbox.write("Templates/page.html", "ok")
        try sandbox.write("Templates/.secret.html", "secret")
        try sandbox.write("Templates/.git/config.html", "git")
        let library = try TemplateLibrary(directory: sandbox.templates)
        #expect(library.names == ["page"])
        #expect(!library.contains(".secret"))
    }

    @Test func aSymlinkLeavingTheDirectoryIsRefused() throws {
        let sandbox = try Sandbox()
        try sandbox.write("Templates/page.html", "ok")
        try sandbox.write("outside.html", "secret")
        try sandbox.link("Templates/leak.html", to: sandbox.base + "/outside.html")
        #expect {
            try TemplateLibrary(directory: sandbox.templates)
        } throws: { error in
            guard let error = error as? TemplateError else { return false }
            return error.kind == .io && error.file == sandbox.templates + "/leak.html"
                && error.message.contains("outside")
        }
    }

    @Test func aRelativeSymlinkClimbingOutIsRefused() throws {
        let sandbox = try Sandbox()
        try sandbox.write("outside.html", "secret")
        try sandbox.write("Templates/partials/keep.html", "k")
        try sandbox.link("Templates/partials/leak.html", to: "../../outside.html")
        #expect(throws: TemplateError.self) { try TemplateLibrary(directory: sandbox.templates) }
    }

    @Test func aSymlinkStayingInsideIsFollowed() throws {
        let sandbox = try Sandbox()
        try sandbox.write("Templates/real.html", "real {{x}}")
        try sandbox.link("Templates/alias.html", to: "real.html")
        let library = try TemplateLibrary(directory: sandbox.templates + "/")
        #expect(try library.render("alias", ["x": "1"]) == "real 1")
    }

    @Test func parseErrorsNameTheFileAsFoundOnDisk() throws {
        let sandbox = try Sandbox()
        try sandbox.write("Templates/story.html", "<ul>\n{{#stories}}\n      <li>\n</ul>\n")
        #expect {
            try TemplateLibrary(directory: sandbox.templates)
        } throws: { error in
            (error as? TemplateError)?.description == "\(sandbox.templates)/story.html:2:1: unclosed section 'stories'"
        }
    }

    @Test func aMissingDirectoryIsAnIOError() {
        #expect {
            try TemplateLibrary(directory: "/nonexistent/templates-\(UUID().uuidString)")
        } throws: { error in
            (error as? TemplateError)?.kind == .io
        }
    }

    @Test func invalidUTF8IsAnIOError() throws {
        let sandbox = try Sandbox()
        try Data([0x3C, 0x70, 0xFF, 0xFE]).write(to: URL(fileURLWithPath: sandbox.templates + "/bad.html"))
        #expect {
            try TemplateLibrary(directory: sandbox.templates)
        } throws: { error in
            (error as? TemplateError)?.message.contains("UTF-8") == true
        }
    }
}

import HTMLTemplates
import Testing

@Suite struct StrictModeTests {
    static let sources = ["page": "<p>\n  Hi {{user.name}}</p>", "section": "{{#missing}}x{{/missing}}"]

    @Test func unknownVariablesAreErrorsInStrictMode() throws {
        let library = try TemplateLibrary(sources: Self.sources, strict: true)
        #expect {
            try library.render("page", ["user": ["handle": "a"]])
        } throws: { error in
            guard let error = error as? TemplateError else { return false }
            return error.kind == .render && error.template == "page" && error.line == 2 && error.column == 6
                && error.message.contains("user.name")
        }
        #expect(throws: TemplateError.self) { try library.render("section", [:]) }
    }

    @Test func unknownVariablesPrintNothingOtherwise() throws {
        let library = try TemplateLibrary(sources: Self.sources)
        #expect(try library.render("page", [:]) == "<p>\n  Hi </p>")
        #expect(try library.render("section", [:]) == "")
    }

    @Test func nullIsAKnownValueEvenInStrictMode() throws {
        let library = try TemplateLibrary(sources: Self.sources, strict: true)
        #expect(try library.render("page", ["user": ["name": .null]]) == "<p>\n  Hi </p>")
    }

    @Test func renderingAnUnknownTemplateIsAMissingTemplateError() throws {
        let library = try TemplateLibrary(sources: Self.sources)
        #expect {
            try library.render("nope", [:])
        } throws: { error in
            (error as? TemplateError)?.kind == .missingTemplate
        }
    }

    @Test func libraryListsItsTemplates() throws {
        let library = try TemplateLibrary(sources: ["b": "", "a/c": "", "a": ""])
        #expect(library.names == ["a", "a/c", "b"])
        #expect(library.contains("a/c"))
        #expect(!library.contains("c"))
    }

    @Test func invalidInMemoryNamesAreRefused() {
        #expect(buildError(["../x": ""])?.kind == .io)
        #expect(buildError([".hidden": ""])?.kind == .io)
    }
}

import HTMLTemplates
import Testing

@Suite struct EscapingTests {
    @Test func textEscapesAllFiveSpecialCharacters() throws {
        let output = try render(["page": "<p>{{x}}</p>"], "page", ["x": "a&b<c>d\"e'f"])
        #expect(output == "<p>a&amp;b&lt;c&gt;d&quot;e&#39;f</p>")
    }

    @Test func doubleQuotedAttributeValuesAreEscaped() throws {
        let output = try render(["page": "<p title=\"{{x}}\">"], "page", ["x": "\" onmouseover=\"alert(1)"])
        #expect(output == "<p title=\"&quot; onmouseover=&quot;alert(1)\">")
    }

    @Test func singleQuotedAttributeValuesAreEscaped() throws {
        let output = try render(["page": "<p title='{{x}}'>"], "page", ["x": "' onmouseover='alert(1)"])
        #expect(output == "<p title='&#39; onmouseover=&#39;alert(1)'>")
    }

    @Test func scriptTagsInValuesComeOutInert() throws {
        let output = try render(["page": "{{x}}"], "page", ["x": "<script>alert(1)</script>"])
        #expect(output == "&lt;script&gt;alert(1)&lt;/script&gt;")
    }

    @Test func valuesWithoutSpecialCharactersAreCopiedUnchanged() throws {
        let text = "Grain stories — 24 hours, Ünïcödé 📷"
        #expect(try render(["page": "{{x}}"], "page", ["x": .string(text)]) == text)
    }

    @Test func escapingKeepsCombiningMarksAndNonASCIIIntact() throws {
        let output = try render(["page": "{{x}}"], "page", ["x": "&\u{301}é<📷>\"x"])
        #expect(output == "&amp;\u{301}é&lt;📷&gt;&quot;x")
    }

    @Test func valuesInTitleAndTextareaAreEscapedAsText() throws {
        let page = "<title>{{x}}</title><textarea>{{x}}</textarea>"
        let output = try render(["page": page], "page", ["x": "</title><script>"])
        #expect(output == "<title>&lt;/title&gt;&lt;script&gt;</title><textarea>&lt;/title&gt;&lt;script&gt;</textarea>")
    }

    @Test func unsafeTrustedHTMLPassesThroughUnchanged() throws {
        let output = try render(["page": "<div>{{html}}</div>"], "page", ["html": .unsafeTrustedHTML("<b>bold</b> & \"q\"")])
        #expect(output == "<div><b>bold</b> & \"q\"</div>")
    }

    @Test func scalarValuesPrintInTheirObviousForm() throws {
        let output = try render(
            ["page": "{{i}}|{{neg}}|{{t}}|{{f}}|{{n}}|"], "page",
            ["i": 42, "neg": -7, "t": true, "f": false, "n": .null]
        )
        #expect(output == "42|-7|true|false||")
    }

    @Test func printingAListOrObjectIsARenderError() throws {
        let library = try TemplateLibrary(sources: ["page": "a\n  {{items}}"])
        #expect {
            try library.render("page", ["items": [1, 2]])
        } throws: { error in
            let error = error as? TemplateError
            return error?.kind == .render && error?.line == 2 && error?.column == 3
                && error?.message.contains("items") == true
        }
        #expect(throws: TemplateError.self) { try library.render("page", ["items": ["a": 1]]) }
    }
}

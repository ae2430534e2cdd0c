import HTMLTemplates
import Testing

/// Every parse error names the file, line and column of the offending tag or byte.
@Suite struct ParseErrorTests {
    /// Builds `page` and returns its error, failing the test if it builds.
    func error(_ page: String, extra: [String: String] = [:]) -> TemplateError? {
        let error = buildError(extra.merging(["page": page]) { _, page in page })
        #expect(error != nil, "expected \(page.debugDescription) to fail")
        return error
    }

    @Test func unclosedSectionPointsAtItsOpeningTag() {
        let error = error("<ul>\n  {{#stories}}\n  <li>{{title}}</li>\n</ul>\n")
        #expect(error?.description == "page.html:2:3: unclosed section 'stories'")
        #expect(error?.kind == .parse && error?.template == "page")
    }

    @Test func mismatchedCloseTagPointsAtTheCloseTag() {
        let error = error("{{#a}}\n{{#b}}\nx {{/a}}\n{{/b}}")
        #expect(error?.line == 3 && error?.column == 3)
        #expect(error?.message == "closing tag 'a' does not match the open section 'b' (opened at line 2, column 1)")
    }

    @Test func closeTagWithoutSectionIsAnError() {
        let error = error("ab{{/a}}")
        #expect(error?.line == 1 && error?.column == 3)
    }

    @Test func unknownPartialIsAnInitErrorAtTheTag() {
        let error = error("<p>\n   {{> partials/avatr}}</p>", extra: ["partials/avatar": "x"])
        #expect(error?.kind == .missingTemplate)
        #expect(error?.description == "page.html:2:4: unknown partial 'partials/avatr'")
    }

    @Test func variableInUnquotedAttributeValue() {
        let error = error("<div>\n<img alt=x src={{url}}>")
        #expect(error?.line == 2 && error?.column == 16)
        #expect(error?.message.contains("unquoted") == true)
        #expect(error?.message.contains("variables may appear only in text and in quoted attribute values") == true)
    }

    @Test func variableInScript() {
        let error = error("<p>{{ok}}</p>\n<script>\n  var x = \"{{name}}\";\n</script>")
        #expect(error?.line == 3 && error?.column == 12)
        #expect(error?.message.contains("<script>") == true)
    }

    @Test func variableInStyle() {
        let error = error("<style>p { color: {{c}} }</style>")
        #expect(error?.column == 19)
        #expect(error?.message.contains("<style>") == true)
    }

    @Test func variableInEventHandler() {
        let error = error("<button onclick=\"go('{{id}}')\">")
        #expect(error?.line == 1 && error?.column == 22)
        #expect(error?.message.contains("onclick") == true)
    }

    @Test func variableInStyleAttribute() {
        let error = error("<p style=\"color: {{c}}\">")
        #expect(error?.column == 18)
        #expect(error?.message.contains("style attribute") == true)
    }

    @Test func variableInTagName() {
        let error = error("a\n <{{tag}}>")
        #expect(error?.line == 2 && error?.column == 3)
        #expect(error?.message.contains("tag name") == true)
    }

    @Test func variableInEndTagName() {
        #expect(error("<b></{{tag}}>")?.column == 6)
    }

    @Test func variableAsAttributeName() {
        let error = error("<div {{attrs}}>")
        #expect(error?.column == 6)
        #expect(error?.message.contains("attribute name") == true)
    }

    @Test func variableInComment() {
        let error = error("<!-- by {{author}} -->")
        #expect(error?.column == 9)
        #expect(error?.message.contains("comment") == true)
    }

    @Test func tripleMustacheIsRefused() {
        let error = error("<p>\n  {{{html}}}</p>")
        #expect(error?.line == 2 && error?.column == 3)
        #expect(error?.message.contains("unsafeTrustedHTML") == true)
    }

    @Test func ampersandTagIsRefused() {
        let error = error("x {{& html}}")
        #expect(error?.column == 3)
        #expect(error?.message.contains("unsafeTrustedHTML") == true)
    }

    @Test func setDelimitersAreRefused() {
        #expect(error("{{=<% %>=}}")?.column == 1)
    }

    @Test func unterminatedTagIsAnError() {
        let error = error("ok\n<p>{{name</p>\n")
        #expect(error?.line == 2 && error?.column == 4)
    }

    @Test func invalidNamesAreErrors() {
        #expect(error("{{a b}}")?.message.contains("invalid variable name") == true)
        #expect(error("{{a..b}}")?.column == 1)
        #expect(error("{{> ../secret}}")?.message.contains("invalid partial name") == true)
        #expect(error("{{> /etc/passwd}}") != nil)
        #expect(error("{{}}") != nil)
    }

    @Test func columnsCountCharactersNotBytes() {
        let error = error("<p>é📷 {{#x}}</p>")
        #expect(error?.column == 7)
    }

    @Test func sectionOpenedInTextAndClosedInAnAttributeIsAnError() {
        let error = error("{{#a}}<a href=\"{{/a}}\">")
        #expect(error?.line == 1 && error?.column == 16)
        #expect(error?.message.contains("section 'a'") == true)
    }

    @Test func sectionOpeningAnAttributeThatIsClosedOutsideIsAnError() {
        let error = error("<a {{#a}}title=\"x{{/a}}\">")
        #expect(error?.column == 18)
    }

    @Test func templateEndingInsideATagIsAnError() {
        let error = error("<p>\n<a href=\"x\"\n")
        #expect(error?.line == 2 && error?.column == 1)
        #expect(error?.message.contains("never closed") == true)
    }

    @Test func templateEndingInsideAScriptIsAnError() {
        let error = error("<script>\nvar a = 1;\n")
        #expect(error?.line == 1 && error?.column == 1)
    }

    @Test func layoutBlocksMustBeClosed() {
        let error = error("{{<layout}}\n{{$body}}\n", extra: ["layout": "{{$body}}{{/body}}"])
        #expect(error?.description == "page.html:2:1: unclosed block 'body'")
    }

    @Test func nestingIsBoundedInsteadOfExhaustingTheStack() {
        let deep = String(repeating: "{{#a}}", count: 150) + String(repeating: "{{/a}}", count: 150)
        #expect(error(deep)?.message.contains("nested more than 100") == true)
    }

    @Test func deeplyNestedSectionsInsideATagStillCompileQuickly() throws {
        let page = "<input " + String(repeating: "{{#a}}", count: 99) + " x" + String(repeating: "{{/a}}", count: 99) + ">"
        #expect(try render(["page": page], "page", ["a": true]) == "<input  x>")
    }

    @Test func runawayLayoutExpansionIsRefused() {
        let layout = String(repeating: "{{$x}}{{/x}}", count: 550)
        let page = "{{<layout}}{{$x}}" + String(repeating: "a{{y}}", count: 1000) + "{{/x}}{{/layout}}"
        #expect(error(page, extra: ["layout": layout])?.message.contains("too complex") == true)
    }

    @Test func descriptionWithoutPositionOmitsLineAndColumn() {
        let error = TemplateError(kind: .io, template: "Templates", file: "Templates", message: "gone")
        #expect(error.description == "Templates: gone")
    }
}

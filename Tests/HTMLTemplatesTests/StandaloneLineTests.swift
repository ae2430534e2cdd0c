import HTMLTemplates
import Testing

@Suite struct StandaloneLineTests {
    @Test func standaloneSectionTagsLeaveNoBlankLines() throws {
        let page = "<ul>\n  {{#items}}\n  <li>{{.}}</li>\n  {{/items}}\n</ul>\n"
        #expect(try render(["page": page], "page", ["items": ["a", "b"]]) == "<ul>\n  <li>a</li>\n  <li>b</li>\n</ul>\n")
    }

    @Test func standaloneInvertedSectionsAndCommentsVanish() throws {
        let page = "a\n{{! a comment }}\n\t{{^items}}\nnone\n{{/items}}\nb"
        #expect(try render(["page": page], "page", ["items": []]) == "a\nnone\nb")
    }

    @Test func multilineCommentsAreStandalone() throws {
        let page = "a\n{{!\n  explains\n  things\n}}\nb\n"
        #expect(try render(["page": page]) == "a\nb\n")
    }

    @Test func crlfLineEndingsAreRemovedWithTheLine() throws {
        let page = "a\r\n{{#x}}\r\nb\r\n{{/x}}\r\nc"
        #expect(try render(["page": page], "page", ["x": true]) == "a\r\nb\r\nc")
    }

    @Test func tagsOnALineWithTextAreNotStandalone() throws {
        let page = " {{#x}}yes{{/x}}\n{{#x}}\n"
        let output = try render(["page": page + "{{/x}}"], "page", ["x": true])
        #expect(output == " yes\n")
    }

    @Test func variablesAreNeverStandalone() throws {
        let page = "a\n  {{x}}\nb"
        #expect(try render(["page": page], "page", ["x": ""]) == "a\n  \nb")
    }

    @Test func aLineOfOnlySectionTagsIsStandalone() throws {
        let page = "<p>\n  {{#x}}{{/x}}\n</p>"
        #expect(try render(["page": page], "page", ["x": true]) == "<p>\n</p>")
    }

    @Test func standaloneTagsAtTheStartAndEndOfTheFileVanish() throws {
        let page = "{{#x}}\nbody\n  {{/x}}"
        #expect(try render(["page": page], "page", ["x": true]) == "body\n")
    }
}

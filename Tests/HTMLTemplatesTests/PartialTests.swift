import HTMLTemplates
import Testing

@Suite struct PartialTests {
    @Test func partialsRenderWithTheCurrentContextStack() throws {
        let sources = [
            "page": "<ul>{{#stories}}{{> partials/story}}{{/stories}}</ul>",
            "partials/story": "<li>{{title}} by {{site}}</li>",
        ]
        let output = try render(sources, "page", ["site": "grain", "stories": [["title": "a"], ["title": "b"]]])
        #expect(output == "<ul><li>a by grain</li><li>b by grain</li></ul>")
    }

    @Test func partialsAreCheckedForHTMLContextOnTheirOwn() {
        let error = buildError(["page": "{{> bad}}", "bad": "<script>{{x}}</script>"])
        #expect(error?.file == "bad.html")
        #expect(error?.kind == .parse)
    }

    @Test func partialsMayNotBeIncludedInsideMarkup() {
        let error = buildError(["page": "<a title=\"{{> p}}\">", "p": "x"])
        #expect(error?.kind == .parse)
        #expect(error?.line == 1 && error?.column == 11)
        #expect(error?.message.contains("partial 'p'") == true)
    }

    @Test func aPartialThatLeavesATagOpenIsAnError() {
        let error = buildError(["page": "{{> p}}>", "p": "<a href=\"x\""])
        #expect(error?.file == "p.html")
        #expect(error?.line == 1 && error?.column == 1)
        #expect(error?.message.contains("never closed") == true)
    }

    @Test func standalonePartialsAreIndentedLineByLine() throws {
        let sources = [
            "page": "<ul>\n  {{> item}}\n</ul>\n",
            "item": "<li>\n  {{name}}\n</li>\n",
        ]
        #expect(try render(sources, "page", ["name": "a\nb"]) == "<ul>\n  <li>\n    a\nb\n  </li>\n</ul>\n")
    }

    @Test func nestedStandalonePartialsAccumulateIndentation() throws {
        let sources = [
            "page": "<div>\n  {{> outer}}\n</div>\n",
            "outer": "<section>\n  {{> inner}}\n</section>\n",
            "inner": "<p>\n{{#x}}\n  x\n{{/x}}\n</p>\n",
        ]
        let output = try render(sources, "page", ["x": true])
        #expect(output == "<div>\n  <section>\n    <p>\n      x\n    </p>\n  </section>\n</div>\n")
    }

    @Test func inlinePartialsAreNotIndented() throws {
        let sources = ["page": "  <p>{{> p}}</p>\n", "p": "a\nb"]
        #expect(try render(sources, "page") == "  <p>a\nb</p>\n")
    }

    @Test func recursivePartialsRenderTrees() throws {
        let sources = [
            "page": "{{> node}}",
            "node": "<li>{{name}}{{#children}}<ul>{{> node}}</ul>{{/children}}</li>",
        ]
        let tree: TemplateValue = ["name": "root", "children": [["name": "a", "children": []], ["name": "b", "children": .null]]]
        let output = try render(sources, "page", ["name": "root", "children": tree.children])
        #expect(output == "<li>root<ul><li>a</li></ul><ul><li>b</li></ul></li>")
    }

    @Test func deepSectionsInsideRecursivePartialsAreBoundedToo() throws {
        let nested = String(repeating: "{{#a}}", count: 90) + "{{> loop}}" + String(repeating: "{{/a}}", count: 90)
        let library = try TemplateLibrary(sources: ["loop": nested])
        #expect {
            try library.render("loop", ["a": true])
        } throws: { error in
            (error as? TemplateError)?.message.contains("nested more than 256") == true
        }
    }

    @Test func unboundedRecursionIsARenderErrorNotACrash() throws {
        let library = try TemplateLibrary(sources: ["page": "{{> loop}}", "loop": "x{{> loop}}"])
        #expect {
            try library.render("page", [:])
        } throws: { error in
            let error = error as? TemplateError
            return error?.kind == .render && error?.file == "loop.html" && error?.column == 2
                && error?.message.contains("64") == true
        }
    }
}

extension TemplateValue {
    fileprivate var children: TemplateValue {
        if case .object(let fields) = self { return fields["children"] ?? .null }
        return .null
    }
}

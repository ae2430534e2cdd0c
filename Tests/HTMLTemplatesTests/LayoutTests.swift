import HTMLTemplates
import Testing

@Suite struct LayoutTests {
    static let layout = """
        <!doctype html>
        <html>
        <head><title>{{$title}}Grain Stories{{/title}}</title></head>
        <body>
        {{$body}}{{/body}}
        </body>
        </html>

        """

    @Test func pagesOverrideBlocksAndKeepDefaultsForTheRest() throws {
        let page = """
            {{< layout}}
            {{$body}}
            <p>Hello {{name}}</p>
            {{/body}}
            {{/layout}}
            """
        let output = try render(["layout": Self.layout, "page": page], "page", ["name": "<alice>"])
        #expect(
            output == """
                <!doctype html>
                <html>
                <head><title>Grain Stories</title></head>
                <body>
                <p>Hello &lt;alice&gt;</p>
                </body>
                </html>

                """)
    }

    @Test func overridesTakeTheIndentationOfAStandaloneBlockInTheLayout() throws {
        let sources = [
            "layout": "<main>\n    {{$body}}{{/body}}\n</main>\n",
            "page": "{{<layout}}\n  {{$body}}\n  <p>\n    {{text}}\n  </p>\n  {{> note}}\n  {{/body}}\n{{/layout}}\n",
            "note": "<aside>\n  n\n</aside>\n",
        ]
        let output = try render(sources, "page", ["text": "t"])
        #expect(output == "<main>\n    <p>\n      t\n    </p>\n    <aside>\n      n\n    </aside>\n</main>\n")
    }

    @Test func overridesMayUseVariablesInTheBlocksContext() throws {
        let page = "{{<layout}}{{$title}}{{story}} – Grain{{/title}}{{$body}}x{{/body}}{{/layout}}"
        let output = try render(["layout": Self.layout, "page": page], "page", ["story": "</title><script>"])
        #expect(output.contains("<title>&lt;/title&gt;&lt;script&gt; – Grain</title>"))
    }

    @Test func overridesAreCompiledInTheHTMLContextOfTheBlock() throws {
        // The title block sits in <title>, where text is text: markup there is harmless, and
        // a block in a URL attribute gets URL checks.
        let sources = [
            "layout": "<a href=\"{{$link}}/{{/link}}\">x</a>",
            "page": "{{<layout}}{{$link}}{{url}}{{/link}}{{/layout}}",
        ]
        #expect(try render(sources, "page", ["url": "javascript:alert(1)"]) == "<a href=\"about:invalid#blocked\">x</a>")
    }

    @Test func anOverrideMustEndInTheContextItStartsIn() {
        let sources = [
            "layout": "<p>{{$body}}{{/body}}</p>",
            "page": "{{<layout}}\n{{$body}}<a href=\"{{/body}}\n{{/layout}}",
        ]
        let error = buildError(sources)
        #expect(error?.file == "page.html")
        #expect(error?.line == 2 && error?.column == 19)
        #expect(error?.message.contains("block 'body'") == true)
    }

    @Test func layoutsCanInheritFromLayouts() throws {
        let sources = [
            "base": "<main>{{$content}}base{{/content}}</main><footer>{{$footer}}f{{/footer}}</footer>",
            "layout": "{{<base}}{{$content}}<h1>{{$heading}}H{{/heading}}</h1>{{/content}}{{/base}}",
            "page": "{{<layout}}{{$heading}}Page{{/heading}}{{$footer}}pf{{/footer}}{{/layout}}",
        ]
        #expect(try render(sources, "page") == "<main><h1>Page</h1></main><footer>pf</footer>")
        #expect(try render(sources, "layout") == "<main><h1>H</h1></main><footer>f</footer>")
    }

    @Test func overridingABlockTheLayoutLacksIsAnError() {
        let error = buildError(["layout": Self.layout, "page": "{{<layout}}\n  {{$bdoy}}x{{/bdoy}}\n{{/layout}}"])
        #expect(error?.kind == .parse)
        #expect(error?.line == 2 && error?.column == 3)
        #expect(error?.message.contains("bdoy") == true)
    }

    @Test func anUnknownLayoutIsAnInitError() {
        let error = buildError(["page": "\n{{< nope}}{{/nope}}"])
        #expect(error?.kind == .missingTemplate)
        #expect(error?.line == 2 && error?.column == 1)
    }

    @Test func layoutCyclesAreErrors() {
        let error = buildError(["a": "{{<b}}{{/b}}", "b": "{{<a}}{{/a}}"])
        #expect(error?.message.contains("cycle") == true)
    }

    @Test func textInsideALayoutTagOutsideBlocksIsAnError() {
        let error = buildError(["layout": "x", "page": "{{<layout}}\nstray\n{{/layout}}"])
        #expect(error?.line == 2 && error?.column == 1)
    }
}

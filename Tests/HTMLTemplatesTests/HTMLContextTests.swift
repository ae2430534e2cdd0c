import HTMLTemplates
import Testing

/// Where the HTML tokenizer allows variables, and the less common markup it must follow.
@Suite struct HTMLContextTests {
    @Test(arguments: [
        "<p>{{x}}</p>",
        "<p title=\"{{x}}\" class='{{x}}'>",
        "<p data-x=\"{{x}}\" aria-label=\"a {{x}} b\">",
        "<title>{{x}}</title>",
        "<textarea>{{x}}</textarea>",
        "<!-- note --><p>{{x}}</p>",
        "<!--> <!-- a --!> {{x}}",
        "<!doctype html><p>{{x}}</p>",
        "<script>var a = '<p>';</script><p>{{x}}</p>",
        "<style>a > b { }</style>{{x}}",
        "a < b {{x}}",
        "<p>1 <2 {{x}}",
        "<svg><title>{{x}}</title></svg>",
        "<svg><![CDATA[ a > b ]]></svg>{{x}}",
        "<br/>{{x}}",
        "<img alt=\"\" src=\"/a.jpg\"/>{{x}}",
        "<p hidden title=\"{{x}}\">",
        "<p title = \"{{x}}\">",
        "<meta property=\"og:image\" content=\"{{x}}\">",
    ])
    func variablesAreAllowedInTextAndQuotedValues(_ page: String) throws {
        let output = try render(["page": page], "page", ["x": "<&>"])
        #expect(output.contains("&lt;&amp;&gt;"))
        #expect(!output.contains("<&>"))
    }

    @Test(arguments: [
        "<script type=\"module\">{{x}}</script>",
        "<script>\"</scr\"+\"ipt>\" {{x}}</script>",
        "<script>a</scripts>b{{x}}</script>",
        "<SCRIPT>{{x}}</SCRIPT>",
        "<iframe>{{x}}</iframe>",
        "<noscript>{{x}}</noscript>",
        "<xmp>{{x}}</xmp>",
        "<plaintext>{{x}}",
        "<!-- {{x}} -->",
        "<!-- a -- b {{x}} -->",
        "<!-- a --!{{x}} -->",
        "<? {{x}} >",
        "<!DOCTYPE {{x}}>",
        "<p {{x}}>",
        "<p title=\"a\" {{x}}>",
        "<p title=\"a\"{{x}}>",
        "<p title{{x}}>",
        "<p title={{x}}>",
        "<p title=a{{x}}>",
        "<p onmouseover='{{x}}'>",
        "<p ONCLICK=\"{{x}}\">",
        "<p style=\"{{x}}\">",
        "<iframe srcdoc=\"{{x}}\"></iframe>",
        "<svg><animate attributeName=\"href\" values=\"{{x}}\"/></svg>",
        "<svg><style>{{x}}</style></svg>",
        "<svg><![CDATA[ {{x}} ]]></svg>",
        "<{{x}}>",
        "</{{x}}>",
        "<p{{x}}>",
        "<textarea><{{x}}</textarea>",
    ])
    func variablesAreRefusedWhereEscapingCannotHelp(_ page: String) {
        let error = buildError(["page": page])
        #expect(error?.kind == .parse)
        #expect(error?.message.hasPrefix("variable 'x'") == true, "\(String(describing: error))")
    }

    @Test func scriptsEndOnlyAtTheirEndTag() throws {
        let page = "<script>var s = \"<p>\"; if (a</b) {}</script><p title=\"{{x}}\">"
        #expect(try render(["page": page], "page", ["x": "\""]) == "<script>var s = \"<p>\"; if (a</b) {}</script><p title=\"&quot;\">")
    }

    @Test func commentOpenersInsideScriptsAreRefused() {
        let error = buildError(["page": "<script>\n  x <!-- y\n</script>"])
        #expect(error?.line == 2 && error?.column == 8)
    }

    @Test func sectionsInsideScriptsWithoutVariablesAreFine() throws {
        let page = "<script>{{#debug}}console.log(1);{{/debug}}</script>"
        #expect(try render(["page": page], "page", ["debug": true]) == "<script>console.log(1);</script>")
    }

    @Test func anAttributeNameSplitBySectionCannotHoldVariables() {
        // With `on` rendered, the attribute would be `onclick`.
        let error = buildError(["page": "<p {{#a}}on{{/a}}click=\"{{x}}\">"])
        #expect(error?.column == 25)
        let repeated = buildError(["page": "<p {{#a}}click=\"{{x}}\" on{{/a}}>"])
        #expect(repeated?.column == 17)
    }

    @Test func anEqualsSignAfterASectionInsideATagIsRefused() {
        let error = buildError(["page": "<p{{#a}} title{{/a}}=\"x\">"])
        #expect(error?.column == 21)
    }

    @Test func aSectionMustNotLeaveACommentOpen() {
        let error = buildError(["page": "{{#a}}<!--{{/a}}-->"])
        #expect(error?.column == 11)
    }
}

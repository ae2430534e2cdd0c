import HTMLTemplates
import Testing

@Suite struct URLSanitizingTests {
    static let blocked = "about:invalid#blocked"

    static let dangerousURLs: [String] = [
        "javascript:alert(1)",
        "JaVaScRiPt:alert(1)",
        "  javascript:alert(1)",
        "\u{1}\u{8} javascript:alert(1)",
        "java\tscript:alert(1)",
        "java\nscr\ript:alert(1)",
        "data:text/html,<script>alert(1)</script>",
        "vbscript:msgbox(1)",
        ":alert(1)",
        "ftp://example.com/",
    ]

    @Test(arguments: dangerousURLs)
    func dangerousSchemesAreBlockedInHref(_ url: String) throws {
        let output = try render(["page": "<a href=\"{{u}}\">x</a>"], "page", ["u": .string(url)])
        #expect(output == "<a href=\"\(Self.blocked)\">x</a>")
    }

    @Test(arguments: dangerousURLs)
    func dangerousSchemesAreBlockedInSrcWithSingleQuotes(_ url: String) throws {
        let output = try render(["page": "<img src='{{u}}'>"], "page", ["u": .string(url)])
        #expect(output == "<img src='\(Self.blocked)'>")
    }

    @Test(arguments: [
        "https://grain.social/profile/alice", "http://example.com/?q=a:b", "HTTPS://EXAMPLE.COM",
        "mailto:alice@example.com", "/stories/1", "./a.jpg", "../up", "?page=2", "#top",
        "story/1", "a.jpg", "/path/with:colon",
    ])
    func safeURLsPass(_ url: String) throws {
        let output = try render(["page": "<a href=\"{{u}}\">"], "page", ["u": .string(url)])
        #expect(output == "<a href=\"\(url)\">")
    }

    @Test func allowedURLsAreStillHTMLEscaped() throws {
        let output = try render(["page": "<a href=\"{{u}}\">"], "page", ["u": "https://x.test/?a=1&b=\"2\""])
        #expect(output == "<a href=\"https://x.test/?a=1&amp;b=&quot;2&quot;\">")
    }

    @Test func otherURLAttributesAreCheckedToo() throws {
        let page = """
            <form action="{{u}}"><button formaction="{{u}}"></button></form>\
            <video poster="{{u}}"></video><object data="{{u}}"></object><q cite="{{u}}"></q>\
            <svg><a xlink:href="{{u}}"></a></svg><img srcset="{{u}}">
            """
        let output = try render(["page": page], "page", ["u": "javascript:alert(1)"])
        #expect(!output.contains("javascript"))
        #expect(output.ranges(of: Self.blocked).count == 7)
    }

    @Test func variablesAfterAFixedSchemeOrPathAreOnlyEscaped() throws {
        let page = "<a href=\"/stories/{{id}}\"></a><a href=\"https://bsky.app/profile/{{handle}}\"></a>"
        let output = try render(["page": page], "page", ["id": "javascript:x", "handle": "a.b"])
        #expect(output == "<a href=\"/stories/javascript:x\"></a><a href=\"https://bsky.app/profile/a.b\"></a>")
    }

    @Test func aVariableCannotCompleteASchemeStartedByAnother() throws {
        let page = "<a href=\"{{a}}{{b}}\"></a>"
        let output = try render(["page": page], "page", ["a": "java", "b": "script:alert(1)"])
        #expect(output == "<a href=\"java\(Self.blocked)\"></a>")
    }

    @Test func aVariableCannotCompleteASchemeStartedByLiteralText() throws {
        let output = try render(["page": "<a href=\"java{{b}}\"></a>"], "page", ["b": "script:alert(1)"])
        #expect(output == "<a href=\"java\(Self.blocked)\"></a>")
    }

    @Test func eachCandidateInASrcsetIsChecked() throws {
        let page = "<img srcset=\"/a.jpg 1x, {{u}} 2x\">"
        let output = try render(["page": page], "page", ["u": "javascript:alert(1)"])
        #expect(output == "<img srcset=\"/a.jpg 1x, \(Self.blocked) 2x\">")
    }

    @Test func trustedHTMLIsNotRewritten() throws {
        let output = try render(["page": "<a href=\"{{u}}\">"], "page", ["u": .unsafeTrustedHTML("data:image/png;base64,AA")])
        #expect(output == "<a href=\"data:image/png;base64,AA\">")
    }

    @Test(arguments: [
        "<a href=\"javascript:{{code}}\">",
        "<a href=\" JavaScript:void({{code}})\">",
        "<a href=\"data:text/html,{{code}}\">",
        "<a href=\"{{scheme}}:{{code}}\">",
        "<a href=\"javascript&#58;{{code}}\">",
    ])
    func variablesInsideDangerousLiteralURLsAreParseErrors(_ page: String) {
        let error = buildError(["page": page])
        #expect(error?.kind == .parse)
        #expect(error?.message.contains("variable") == true)
    }

    @Test func literalJavaScriptURLsWithoutVariablesAreTheAuthorsChoice() throws {
        #expect(try render(["page": "<a href=\"javascript:void(0)\">"]) == "<a href=\"javascript:void(0)\">")
    }
}

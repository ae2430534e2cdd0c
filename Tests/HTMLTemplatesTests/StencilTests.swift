import HTMLTemplates
import Testing

/// A stencil filled with strings is byte for byte the page rendered with those strings,
/// wherever the slots stand: text, attributes, URLs, sections, partials, layouts.
@Suite struct StencilTests {
    private static let sources = [
        "layout": "<title>{{$title}}Site{{/title}}</title><body>{{$body}}{{/body}}</body>",
        "partials/tile": "<a href=\"{{href}}\" aria-label=\"{{label}}\"><span class=\"ring {{ring}}\">{{name}}</span></a>\n",
        "page": """
        {{<layout}}{{$title}}{{heading}} – Site{{/title}}{{$body}}
        <h1>{{heading}}</h1>
        {{#items}}
          {{>partials/tile}}
        {{/items}}
        {{#token}}<input type="hidden" name="csrf" value="{{token}}">{{/token}}
        {{^token}}<p>no token</p>{{/token}}
        <a href="{{link}}">{{link}}</a> <a href="/profile/{{link}}">again</a>
        {{/body}}{{/layout}}
        """,
    ]

    private static func page(_ values: [Int: String], items: Int) -> [String: TemplateValue] {
        func value(_ id: Int) -> TemplateValue { values.isEmpty ? .slot(id) : .string(values[id]!) }
        let tiles: [TemplateValue] = (0..<items).map { index in
            ["href": .string("/stories/\(index)"), "name": .string("Name \(index) & co"), "ring": value(10 + 2 * index), "label": value(11 + 2 * index)]
        }
        return ["heading": value(0), "token": value(1), "link": value(2), "items": .list(tiles)]
    }

    private static let hostile: [Int: String] = {
        var values = [0: "Tom & \"Jerry\" <b>", 1: "tok'en<>&", 2: "javascript:alert(1)"]
        for index in 0..<5 {
            values[10 + 2 * index] = index % 2 == 0 ? "ring-seen" : "ring-unseen\" onclick=\"x"
            values[11 + 2 * index] = "Author \(index), 1 story, \(index % 2 == 0 ? "seen" : "new") <'&'>"
        }
        return values
    }()

    @Test(arguments: [hostile, hostile.merging([2: "https://example.org/?a=1&b=2", 0: "Ünïcödé 📷"]) { $1 }])
    func aFilledStencilIsWhatRenderingWithTheValuesGives(values: [Int: String]) throws {
        let library = try TemplateLibrary(sources: Self.sources, strict: true)
        let stencil = try library.renderStencil("page", Self.page([:], items: 5))
        let filled = stencil.fill { values[$0]! }
        let rendered = try library.renderUTF8("page", Self.page(values, items: 5))
        #expect(String(decoding: filled, as: UTF8.self) == String(decoding: rendered, as: UTF8.self))
        #expect(filled == rendered)
    }

    @Test func aSlotCountsAsANonEmptyStringInSections() throws {
        let library = try TemplateLibrary(sources: Self.sources, strict: true)
        let text = String(decoding: try library.renderStencil("page", Self.page([:], items: 0)).fill { "<\($0)>" }, as: UTF8.self)
        #expect(text.contains("name=\"csrf\" value=\"&lt;1&gt;\""))
        #expect(!text.contains("no token"))
    }

    @Test func slotsThatAreNotPrintedDoNotOccurAndRepeatedOnesDo() throws {
        let library = try TemplateLibrary(sources: ["page": "{{a}} {{a}} {{#b}}shown{{/b}}"])
        let stencil = try library.renderStencil("page", ["a": .slot(7), "b": .slot(8)])
        #expect(stencil.slotIDs == [7])
        var asked: [Int] = []
        let filled = stencil.fill { id in
            asked.append(id)
            return "x&y"
        }
        #expect(asked == [7, 7])
        #expect(String(decoding: filled, as: UTF8.self) == "x&amp;y x&amp;y shown")
    }

    @Test func aURLSlotRefusesSchemesThatRunScript() throws {
        let library = try TemplateLibrary(sources: ["page": "<a href=\"{{u}}\">"])
        let stencil = try library.renderStencil("page", ["u": .slot(0)])
        #expect(String(decoding: stencil.fill { _ in " JavaScript:alert(1)" }, as: UTF8.self) == "<a href=\"about:invalid#blocked\">")
        #expect(String(decoding: stencil.fill { _ in "/a?b=1&c=2" }, as: UTF8.self) == "<a href=\"/a?b=1&amp;c=2\">")
    }

    @Test func plainRenderingRefusesASlot() throws {
        let library = try TemplateLibrary(sources: ["page": "<p>{{a}}</p>"])
        #expect(throws: TemplateError.self) { try library.render("page", ["a": .slot(0)]) }
        #expect(throws: TemplateError.self) { try library.renderUTF8("page", ["a": .slot(0)]) }
    }
}

import HTMLTemplates
import Testing

@Suite struct SectionTests {
    @Test func listSectionsRepeatWithEachItemPushed() throws {
        let page = "<ul>{{#stories}}<li>{{title}} by {{author}}</li>{{/stories}}</ul>"
        let output = try render(
            ["page": page], "page",
            [
                "author": "site",
                "stories": [["title": "A", "author": "alice"], ["title": "B<"]],
            ])
        #expect(output == "<ul><li>A by alice</li><li>B&lt; by site</li></ul>")
    }

    @Test func emptyListsFalseAndNullSkipTheSection() throws {
        let page = "[{{#a}}x{{/a}}{{#b}}y{{/b}}{{#c}}z{{/c}}{{#d}}w{{/d}}]"
        #expect(try render(["page": page], "page", ["a": [], "b": false, "c": .null, "d": ""]) == "[]")
    }

    @Test func trueRendersOnceWithoutChangingTheContext() throws {
        let page = "{{#flag}}<b>{{name}}</b>{{/flag}}"
        #expect(try render(["page": page], "page", ["flag": true, "name": "n"]) == "<b>n</b>")
    }

    @Test func objectsRenderOnceWithTheObjectPushed() throws {
        let page = "{{#user}}{{handle}} ({{site}}){{/user}}"
        let output = try render(["page": page], "page", ["user": ["handle": "alice.test"], "site": "grain"])
        #expect(output == "alice.test (grain)")
    }

    @Test func stringsAndIntsRenderOnceAsTheCurrentItem() throws {
        let page = "{{#caption}}<p>{{.}}</p>{{/caption}}{{#count}}{{.}} photos{{/count}}"
        #expect(try render(["page": page], "page", ["caption": "hi & bye", "count": 0]) == "<p>hi &amp; bye</p>0 photos")
    }

    @Test func invertedSectionsRenderOnlyForFalsyValues() throws {
        let page = "{{^items}}none{{/items}}{{^flag}}off{{/flag}}{{^name}}anon{{/name}}{{^user}}login{{/user}}"
        #expect(try render(["page": page], "page", ["items": [], "flag": false, "name": .null, "user": ["a": 1]]) == "noneoffanon")
        #expect(try render(["page": page], "page", ["items": [1], "flag": true, "name": "x", "user": .null]) == "login")
    }

    @Test func currentItemPrintsListElements() throws {
        let page = "{{#tags}}#{{.}} {{/tags}}"
        #expect(try render(["page": page], "page", ["tags": ["film", "35mm"]]) == "#film #35mm ")
    }

    @Test func dottedNamesDescendIntoObjects() throws {
        let page = "{{story.author.handle}} {{#story}}{{author.name}}{{/story}}"
        let context: [String: TemplateValue] = ["story": ["author": ["handle": "alice.test", "name": "Alice"]]]
        #expect(try render(["page": page], "page", context) == "alice.test Alice")
    }

    @Test func dottedNamesResolveTheirFirstKeyUpTheStackThenDescend() throws {
        // `a.b` inside the item: `a` is found in the outer context; a missing `b` there does
        // not fall back further out.
        let page = "{{#items}}[{{site.name}}|{{site.missing}}]{{/items}}"
        let context: [String: TemplateValue] = ["site": ["name": "grain"], "items": [["x": 1]]]
        #expect(try render(["page": page], "page", context, strict: false) == "[grain|]")
    }

    @Test func innerContextsShadowOuterOnes() throws {
        let page = "{{name}}{{#child}}/{{name}}{{#child}}/{{name}}{{/child}}{{/child}}"
        let context: [String: TemplateValue] = ["name": "a", "child": ["name": "b", "child": ["name": "c"]]]
        #expect(try render(["page": page], "page", context) == "a/b/c")
    }

    @Test func nestedListsSeeEveryEnclosingItem() throws {
        let page = "{{#rows}}{{#cells}}{{row}}{{.}} {{/cells}}{{/rows}}"
        let context: [String: TemplateValue] = ["rows": [["row": "a", "cells": [1, 2]], ["row": "b", "cells": [3]]]]
        #expect(try render(["page": page], "page", context) == "a1 a2 b3 ")
    }

    @Test func sectionsMayToggleWholeAttributesInsideATag() throws {
        let page = """
            <input type="checkbox"{{#on}} checked{{/on}}>\
            <option value="{{v}}" {{#selected}}selected {{/selected}}class="o">\
            <a {{#link}}href="{{url}}" {{/link}}title="t">
            """
        let output = try render(
            ["page": page], "page",
            [
                "on": true, "v": "1", "selected": [1, 2], "link": ["url": "javascript:x"],
            ])
        #expect(
            output == """
                <input type="checkbox" checked>\
                <option value="1" selected selected class="o">\
                <a href="about:invalid#blocked" title="t">
                """)
    }

    @Test func sectionsMayVaryPartOfAnAttributeValue() throws {
        let page = "<li class=\"story{{#seen}} seen{{/seen}}\"><a href=\"/s/{{id}}{{#ref}}?ref={{ref}}{{/ref}}\">"
        let output = try render(["page": page], "page", ["seen": true, "id": "1", "ref": "a b"])
        #expect(output == "<li class=\"story seen\"><a href=\"/s/1?ref=a b\">")
    }

    @Test func aSectionThatMayFixTheSchemeStillChecksWhatFollows() throws {
        let page = "<a href=\"{{#absolute}}https://grain.social{{/absolute}}{{path}}/{{handle}}\">"
        let attack: [String: TemplateValue] = ["absolute": false, "path": "javascript:alert(1)", "handle": "x:y"]
        #expect(try render(["page": page], "page", attack) == "<a href=\"about:invalid#blocked/x:y\">")
        let normal: [String: TemplateValue] = ["absolute": true, "path": "/profile", "handle": "alice"]
        #expect(try render(["page": page], "page", normal) == "<a href=\"https://grain.social/profile/alice\">")
    }

    @Test func aSectionAtTheStartOfAURLStillChecksTheScheme() throws {
        let page = "<img src=\"{{#avatar}}{{url}}{{/avatar}}{{^avatar}}/default.png{{/avatar}}\">"
        #expect(try render(["page": page], "page", ["avatar": ["url": "data:x"]]) == "<img src=\"about:invalid#blocked\">")
        #expect(try render(["page": page], "page", ["avatar": .null]) == "<img src=\"/default.png\">")
    }
}

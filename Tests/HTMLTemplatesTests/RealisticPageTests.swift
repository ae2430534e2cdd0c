import HTMLTemplates
import Testing

/// A page shaped like the application's: layout, page, partials, a list, and hostile data.
@Suite struct RealisticPageTests {
    static let sources: [String: String] = [
        "layout": """
        <!doctype html>
        <html lang="en">
        <head>
          <meta charset="utf-8">
          <title>{{$title}}Grain Stories{{/title}}</title>
          <meta property="og:image" content="{{ogImage}}">
          <link rel="stylesheet" href="/static/site.css">
        </head>
        <body>
          {{> partials/header}}
          <main>
            {{$body}}{{/body}}
          </main>
        </body>
        </html>

        """,
        "partials/header": """
        <header>
          <a href="/">Grain Stories</a>
          {{#viewer}}
          <span class="viewer">@{{handle}}</span>
          {{/viewer}}
          {{^viewer}}
          <a href="/login">Sign in</a>
          {{/viewer}}
        </header>

        """,
        "partials/story": """
        <li class="story{{#seen}} seen{{/seen}}">
          <a href="{{profileURL}}">
            {{> partials/avatar}}
            <span>{{author.displayName}}</span>
          </a>
          <img src="{{thumbnail}}" alt="{{alt}}" loading="lazy">
        </li>

        """,
        "partials/avatar": """
        <img class="avatar" src="{{author.avatar}}" alt="">

        """,
        "index": """
        {{< layout}}
        {{$title}}{{count}} stories – Grain Stories{{/title}}
        {{$body}}
        {{! the list of stories }}
        <ul class="stories">
          {{#stories}}
          {{> partials/story}}
          {{/stories}}
        </ul>
        {{^stories}}
        <p>No stories right now.</p>
        {{/stories}}
        {{/body}}
        {{/layout}}

        """,
    ]

    static let context: [String: TemplateValue] = [
        "ogImage": "https://grain.example/og.jpg?a=1&b=2",
        "viewer": ["handle": "alice.test"],
        "count": 2,
        "stories": [
            [
                "seen": true,
                "profileURL": "https://grain.social/profile/bob.test",
                "author": ["displayName": "Bob <script>", "avatar": "/blobs/bob.jpg"],
                "thumbnail": "/thumbs/1.jpg",
                "alt": "A \"sunset\"",
            ],
            [
                "seen": false,
                "profileURL": "javascript:alert(document.cookie)",
                "author": ["displayName": "Eve", "avatar": " data:image/svg+xml,<svg onload=alert(1)>"],
                "thumbnail": "/thumbs/2.jpg",
                "alt": "",
            ],
        ],
    ]

    @Test func rendersExactlyTheExpectedHTML() throws {
        let library = try TemplateLibrary(sources: Self.sources, strict: true)
        let output = try library.render("index", Self.context)
        #expect(
            output == """
                <!doctype html>
                <html lang="en">
                <head>
                  <meta charset="utf-8">
                  <title>2 stories – Grain Stories</title>
                  <meta property="og:image" content="https://grain.example/og.jpg?a=1&amp;b=2">
                  <link rel="stylesheet" href="/static/site.css">
                </head>
                <body>
                  <header>
                    <a href="/">Grain Stories</a>
                    <span class="viewer">@alice.test</span>
                  </header>
                  <main>
                    <ul class="stories">
                      <li class="story seen">
                        <a href="https://grain.social/profile/bob.test">
                          <img class="avatar" src="/blobs/bob.jpg" alt="">
                          <span>Bob &lt;script&gt;</span>
                        </a>
                        <img src="/thumbs/1.jpg" alt="A &quot;sunset&quot;" loading="lazy">
                      </li>
                      <li class="story">
                        <a href="about:invalid#blocked">
                          <img class="avatar" src="about:invalid#blocked" alt="">
                          <span>Eve</span>
                        </a>
                        <img src="/thumbs/2.jpg" alt="" loading="lazy">
                      </li>
                    </ul>
                  </main>
                </body>
                </html>

                """)
    }

    @Test func utf8RenderingMatchesStringRendering() throws {
        let library = try TemplateLibrary(sources: Self.sources, strict: true)
        let text = try library.render("index", Self.context)
        #expect(try library.renderUTF8("index", Self.context) == Array(text.utf8))
    }

    @Test func largeOutputsGrowTheBufferCorrectly() throws {
        let library = try TemplateLibrary(sources: ["page": "{{#items}}<li>{{.}}</li>{{/items}}"], strict: true)
        let items = (0..<5000).map { TemplateValue.string("item é\($0) & more") }
        let expected = (0..<5000).map { "<li>item é\($0) &amp; more</li>" }.joined()
        #expect(try library.render("page", ["items": .list(items)]) == expected)
        let firstThree = (0..<3).map { "<li>item é\($0) &amp; more</li>" }.joined()
        #expect(try library.renderUTF8("page", ["items": .list(Array(items.prefix(3)))]) == Array(firstThree.utf8))
    }

    @Test func rendersTheEmptyStateAndSignInLink() throws {
        let library = try TemplateLibrary(sources: Self.sources, strict: true)
        var context = Self.context
        context["stories"] = []
        context["viewer"] = .null
        let output = try library.render("index", context)
        #expect(output.contains("  <main>\n    <ul class=\"stories\">\n    </ul>\n    <p>No stories right now.</p>\n  </main>\n"))
        #expect(output.contains("  <header>\n    <a href=\"/\">Grain Stories</a>\n    <a href=\"/login\">Sign in</a>\n  </header>\n"))
    }

    @Test func renderingIsRepeatableAndConcurrent() async throws {
        let library = try TemplateLibrary(sources: Self.sources, strict: true)
        let expected = try library.render("index", Self.context)
        let outputs = try await withThrowingTaskGroup(of: String.self) { group in
            for _ in 0..<8 {
                group.addTask { try library.render("index", Self.context) }
            }
            return try await group.reduce(into: []) { $0.append($1) }
        }
        #expect(outputs.count == 8)
        #expect(outputs.allSatisfy { $0 == expected })
    }
}

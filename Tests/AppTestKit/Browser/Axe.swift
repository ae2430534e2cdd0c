import Foundation
import HTTPTestKit
import TestKit

/// axe-core, the accessibility engine most teams use, run inside the page a `WebDriver`
/// session shows. The engine is the vendored `axe/axe.min.js` (MPL-2.0, see its README),
/// injected into each page once, so the check needs no network and no Node; what it
/// reports comes back as `Violation`s a test can filter by impact and name in its message.
package enum Axe {
    /// One rule broken on the page, with the elements that break it.
    package struct Violation: Sendable, CustomStringConvertible {
        /// axe's rule id (`link-name`, `color-contrast`, …).
        package let rule: String
        /// `minor`, `moderate`, `serious` or `critical`.
        package let impact: String
        package let help: String
        /// Each element: its CSS selector, the start of its HTML and what axe says is wrong.
        package let elements: [String]

        /// Serious and critical violations are the ones no page may have.
        package var isSeriousOrCritical: Bool { impact == "serious" || impact == "critical" }

        package var description: String {
            "\(impact) \(rule) (\(help)) on \(elements.count) element(s):\n" + elements.map { "    " + $0 }.joined(separator: "\n")
        }
    }

    /// The vendored engine's source, read once.
    static let source: String = {
        let path = ProjectPaths.root + "/Tests/AppTestKit/Browser/axe/axe.min.js"
        return (try? String(contentsOfFile: path, encoding: .utf8)) ?? ""
    }()

    /// Runs axe-core on the page `browser` shows (every rule, or only `rules`) and answers
    /// its violations. The engine is injected when the page does not have it yet.
    package static func run(_ browser: WebDriver, rules: [String]? = nil) async throws -> [Violation] {
        guard !source.isEmpty else { throw BrowserTestError("Tests/AppTestKit/Browser/axe/axe.min.js is missing") }
        if try await browser.execute("return typeof window.axe === 'object'").bool != true {
            try await browser.execute(source + "\n;return typeof window.axe === 'object';")
        }
        let result = try await browser.execute(
            """
            const options = { resultTypes: ['violations'] };
            if (arguments[0]) { options.runOnly = { type: 'rule', values: arguments[0] }; }
            return axe.run(document, options).then(results => results.violations.map(v => ({
                rule: v.id, impact: v.impact || 'unknown', help: v.help,
                elements: v.nodes.map(n => n.target.join(' ') + ' ' + n.html.replace(/\\s+/g, ' ').slice(0, 160)
                    + (n.failureSummary ? ' — ' + n.failureSummary.replace(/\\s+/g, ' ').slice(0, 240) : ''))
            })));
            """, [rules.map { .array($0.map(WebDriverJSON.string)) } ?? .null])
        guard let list = result.array else { throw BrowserTestError("axe answered no list: \(result)") }
        return list.map {
            Violation(
                rule: $0["rule"]?.string ?? "?", impact: $0["impact"]?.string ?? "?", help: $0["help"]?.string ?? "",
                elements: $0["elements"]?.array?.compactMap(\.string) ?? [])
        }
    }
}

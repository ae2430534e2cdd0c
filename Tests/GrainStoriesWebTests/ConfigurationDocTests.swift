import Foundation
import TestKit
import Testing

@testable import GrainStoriesWeb

/// docs/configuration.md documents every option: its table is generated from
/// `ConfigurationOption.all` (`grain-stories --help-markdown`, spliced in by
/// scripts/generate-configuration-doc), and these checks fail when the file is not current.
@Suite struct ConfigurationDocTests {
    static let path = ProjectPaths.root + "/docs/configuration.md"

    private static func document() throws -> String {
        try String(contentsOfFile: path, encoding: .utf8)
    }

    /// The generated table as the document holds it, from its first marker to its last.
    private static func generatedTable(in document: String) throws -> String {
        let start = try #require(document.range(of: ConfigurationOption.markdownStart), "docs/configuration.md has no generated table")
        let end = try #require(
            document.range(of: ConfigurationOption.markdownEnd, range: start.upperBound..<document.endIndex), "the generated table has no end marker")
        return String(document[start.lowerBound..<end.upperBound])
    }

    @Test func theDocumentHoldsTheCurrentTable() throws {
        let table = try Self.generatedTable(in: try Self.document())
        #expect(table == ConfigurationOption.markdownTable, "docs/configuration.md is not current: run scripts/generate-configuration-doc")
    }

    @Test func theDocumentListsEveryOptionAndItsVariable() throws {
        let rows = try Self.document().split(separator: "\n")
        for option in ConfigurationOption.all {
            // The value's name may hold an escaped `|` (`on\|off`): the row is found by its flag.
            let row = rows.first { $0.hasPrefix("| `--\(option.flag) ") }
            #expect(row?.contains(" | `\(option.environmentName)` | ") == true, "docs/configuration.md misses --\(option.flag)")
        }
    }

    /// The notes below the table are written by hand; each must be about an option that exists.
    @Test func everyNoteIsAboutAnOptionThatExists() throws {
        let flags = Set(ConfigurationOption.all.map(\.flag))
        let notes = try Self.document().split(separator: "\n").filter { $0.hasPrefix("### `--") }
        #expect(!notes.isEmpty)
        for note in notes {
            let flag = note.dropFirst("### `--".count).prefix { $0 != "`" }
            #expect(flags.contains(String(flag)), "docs/configuration.md has a note on --\(flag), which is no option")
        }
    }

    @Test func helpMarkdownPrintsTheTable() throws {
        guard case .help(let text) = try AppConfiguration.load(arguments: ["--help-markdown"], environment: [:]) else {
            Issue.record("expected the table")
            return
        }
        #expect(text == ConfigurationOption.markdownTable)
    }

    /// The document reads the same whatever machine made it: no default is this machine's own.
    @Test func theTableShowsWordsForAMachineDependentDefault() {
        let threads = ConfigurationOption.markdownTable.split(separator: "\n").first { $0.hasPrefix("| `--threads ") }
        #expect(threads?.contains("| the number of CPUs, at least 2 |") == true, "\(threads ?? "no --threads row")")
    }
}

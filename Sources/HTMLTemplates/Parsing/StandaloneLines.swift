/// Removes standalone lines, as the Mustache spec does, so templates can put section,
/// partial, comment, block and layout tags on their own lines without leaving blank lines
/// in the HTML.
///
/// A line is standalone when it holds only such tags (at least one) and otherwise only
/// spaces and tabs; the whole line, its line break included, then disappears. This is how
/// mustache.js reads the spec, and lets a layout put `{{$body}}{{/body}}` on its own line.
/// Only the first tag of a standalone line keeps the line's indentation (partials and
/// blocks re-indent their content with it). Every surviving,
/// non-empty line is marked with `.lineStart`, which is where a standalone partial's
/// indentation is re-applied to the partial's own lines.
enum StandaloneLines {
    static func apply(_ tokens: [TemplateToken]) -> [LineItem] {
        var items: [LineItem] = []
        items.reserveCapacity(tokens.count + tokens.count / 2)
        var lineStart = 0
        while lineStart < tokens.count {
            var lineEnd = lineStart
            while lineEnd < tokens.count, !tokens[lineEnd].isNewline { lineEnd += 1 }
            let line = tokens[lineStart..<lineEnd]
            let newline = lineEnd < tokens.count ? tokens[lineEnd] : nil

            if let (tags, indentation) = standaloneTags(in: line) {
                for (position, tag) in tags.enumerated() {
                    let keepsIndentation: Bool
                    switch tag.kind {
                    case .partial, .block: keepsIndentation = position == 0
                    default: keepsIndentation = false
                    }
                    items.append(.tag(tag, standaloneIndentation: keepsIndentation ? indentation : nil))
                }
            } else {
                if !line.isEmpty { items.append(.lineStart) }
                for token in line { items.append(token.lineItem) }
                if let newline { items.append(newline.lineItem) }
            }
            lineStart = lineEnd + 1
        }
        return items
    }

    /// The line's tags and the whitespace before the first, if the line is standalone.
    private static func standaloneTags(in line: ArraySlice<TemplateToken>) -> ([TemplateTag], String)? {
        var tags: [TemplateTag] = []
        var indentation = ""
        for token in line {
            switch token {
            case .text(let text, _):
                guard text.utf8.allSatisfy({ $0 == UInt8(ascii: " ") || $0 == UInt8(ascii: "\t") }) else { return nil }
                if tags.isEmpty { indentation += text }
            case .tag(let tag):
                guard tag.canStandAlone else { return nil }
                tags.append(tag)
            case .newline:
                return nil
            }
        }
        return tags.isEmpty ? nil : (tags, indentation)
    }
}

extension TemplateToken {
    fileprivate var isNewline: Bool {
        if case .newline = self { return true }
        return false
    }

    fileprivate var lineItem: LineItem {
        switch self {
        case .text(let text, let location), .newline(let text, let location): .text(text, location)
        case .tag(let tag): .tag(tag, standaloneIndentation: nil)
        }
    }
}

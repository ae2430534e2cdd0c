/// Collects compiled nodes, merging adjacent literal text into one node so rendering
/// appends as few strings as possible.
struct NodeListBuilder {
    private var nodes: [Node] = []
    private var text = ""
    private var lineStarts: [Int] = []

    mutating func appendText(_ more: String) {
        text += more
    }

    mutating func appendLineStart() {
        lineStarts.append(text.utf8.count)
    }

    mutating func append(_ node: Node) {
        flushText()
        nodes.append(node)
    }

    /// Appends already compiled nodes (an inlined layout block), merging text at the seams.
    mutating func append(contentsOf more: [Node]) {
        for node in more {
            if case .text(let piece) = node {
                let offset = text.utf8.count
                text += piece.text
                lineStarts += piece.lineStarts.map { $0 + offset }
            } else {
                append(node)
            }
        }
    }

    mutating func finish() -> [Node] {
        flushText()
        return nodes
    }

    private mutating func flushText() {
        guard !text.isEmpty || !lineStarts.isEmpty else { return }
        nodes.append(.text(TextNode(text: text, lineStarts: lineStarts)))
        text = ""
        lineStarts = []
    }
}

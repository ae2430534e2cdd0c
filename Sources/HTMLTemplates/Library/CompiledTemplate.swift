import Synchronization

/// A template ready to render, plus a hint of how large its output tends to be.
struct CompiledTemplate: Sendable {
    let name: String
    let file: String
    let nodes: [Node]
    /// Bytes of literal text, the least any rendering produces.
    let literalSize: Int
    let sizeHint: OutputSizeHint
}

/// The size of the last output of a template, so the next render reserves enough
/// capacity up front instead of growing the string several times.
///
/// Relaxed atomics suffice: the value is only a hint, and a stale one is harmless.
final class OutputSizeHint: Sendable {
    private let lastSize = Atomic<Int>(0)

    var value: Int { lastSize.load(ordering: .relaxed) }

    func record(_ size: Int) {
        lastSize.store(size, ordering: .relaxed)
    }
}

extension [Node] {
    /// Bytes of literal text in these nodes and their sections.
    var literalSize: Int {
        reduce(0) { total, node in
            switch node {
            case .text(let text): total + text.text.utf8.count
            case .section(let section): total + section.body.literalSize
            case .variable, .partial: total
            }
        }
    }
}

extension HTMLTokenizer {
    /// Inside `<script>`, `<style>` (raw text) or `<title>`, `<textarea>` (RCDATA): only
    /// `</element` followed by whitespace, `/` or `>` ends the element.
    ///
    /// In scripts, `<!--` is refused: it switches browsers into the "script data escaped"
    /// states, where `<script>` nests and `</script>` may no longer end the element.
    mutating func consumeRawText(
        _ byte: UInt8, element: String, progress: RawTextProgress, isRCDATA: Bool
    ) throws(Problem) {
        func set(_ progress: RawTextProgress) {
            state = isRCDATA ? .rcdata(element: element, progress: progress) : .rawText(element: element, progress: progress)
        }
        /// Not an end tag after all: the byte is text, unless it starts another `<`.
        func restart() {
            set(byte == UInt8(ascii: "<") ? .lessThan : .none)
        }
        switch progress {
        case .none:
            restart()
        case .lessThan:
            if byte == UInt8(ascii: "/") {
                set(.endTag(matched: 0))
            } else if byte == UInt8(ascii: "!") && element == "script" {
                set(.bang(dashes: 0))
            } else {
                restart()
            }
        case .bang(let dashes):
            guard byte == UInt8(ascii: "-") else { return restart() }
            if dashes == 1 {
                throw Problem(message: "'<!--' inside <script> is not supported: it changes where browsers end the script")
            }
            set(.bang(dashes: 1))
        case .endTag(let matched):
            let name = Array(element.utf8)
            if matched < name.count {
                if byte.nameText.utf8.first == name[matched] {
                    set(.endTag(matched: matched + 1))
                } else {
                    restart()
                }
                return
            }
            let tag = HTMLTag(name: element, isEnd: true)
            if byte.isHTMLSpace {
                state = .beforeAttributeName(tag)
            } else if byte == UInt8(ascii: "/") {
                state = .selfClosingStartTag(tag)
            } else if byte == UInt8(ascii: ">") {
                state = .data
            } else {
                restart()
            }
        }
    }
}

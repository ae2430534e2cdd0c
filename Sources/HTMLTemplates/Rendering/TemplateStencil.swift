/// A rendered page with holes: the output of ``TemplateLibrary/renderStencil(_:_:)``.
///
/// Filling it copies the literal bytes and, at each hole, the slot's string escaped as
/// the template escapes a variable in that place (and URL-checked where it starts a URL),
/// so the result is byte for byte what rendering with those strings gives, without
/// walking the template again. A page whose costly part is the same for everyone (the
/// story strip) is rendered once and filled per visitor.
package struct TemplateStencil: Sendable {
    /// Where a slot was printed.
    struct Slot: Sendable, Equatable {
        /// Byte offset in `bytes`.
        let offset: Int
        let id: Int
        /// Printed at the start of a URL attribute: refused schemes are replaced.
        let checksURL: Bool
    }

    let bytes: [UInt8]
    let slots: [Slot]

    /// The ids of the slots that occur in the output (a slot may occur several times,
    /// or not at all when the template did not print it).
    package var slotIDs: Set<Int> { Set(slots.map(\.id)) }

    /// The literal bytes without any slot's string (the least a fill produces).
    package var literalCount: Int { bytes.count }

    /// The page with each slot replaced by `value(id)`; `value` is asked once per
    /// occurrence.
    package func fill(_ value: (Int) -> String) -> [UInt8] {
        var output = OutputBuffer(capacity: bytes.count + slots.count * 32)
        bytes.withUnsafeBufferPointer { literal in
            var start = 0
            for slot in slots {
                output.append(UnsafeBufferPointer(rebasing: literal[start..<slot.offset]))
                let text = value(slot.id)
                if slot.checksURL && !URLSanitizer.isAllowed(text) {
                    output.append(URLSanitizer.blockedURL)
                } else {
                    output.appendEscaped(text)
                }
                start = slot.offset
            }
            output.append(UnsafeBufferPointer(rebasing: literal[start...]))
        }
        return output.bytes()
    }
}

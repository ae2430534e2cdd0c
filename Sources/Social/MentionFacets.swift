package import ATProto

/// The `@handle`s typed into a comment, made into `app.bsky.richtext.facet#mention`
/// facets as Grain's composer makes them (`parseTextToFacets`): each mention whose handle
/// resolves to a DID covers the `@` and the handle, in UTF-8 byte offsets (end
/// exclusive); one that does not resolve stays plain text. This is done on the server,
/// when the comment is posted, so a typed mention works without the script as well as
/// after the composer's autocomplete.
///
/// A mention starts at the beginning of the text or after a character that is not a
/// letter, digit or one of `.-_@` (so `me@example.com` is an address, not a mention);
/// a trailing dot or hyphen is sentence punctuation, not part of the handle. At most
/// `maxMentions` are looked up, so a comment cannot make the server resolve hundreds.
package enum MentionFacets {
    /// One `@handle` found in a text.
    package struct Mention: Sendable, Equatable {
        package var handle: Handle
        /// The bytes of `@handle` in the text.
        package var range: RichTextFacet.ByteSlice
    }

    package static let maxMentions = 10

    /// The mentions in `text`, in order, at most `maxMentions`.
    package static func mentions(in text: String) -> [Mention] {
        let bytes = Array(text.utf8)
        var found: [Mention] = []
        var index = 0
        while index < bytes.count, found.count < maxMentions {
            guard bytes[index] == UInt8(ascii: "@"), index == 0 || !(isHandleByte(bytes[index - 1]) || bytes[index - 1] == UInt8(ascii: "@"))
            else {
                index += 1
                continue
            }
            var end = index + 1
            while end < bytes.count, isHandleByte(bytes[end]) { end += 1 }
            while end > index + 1, bytes[end - 1] == UInt8(ascii: ".") || bytes[end - 1] == UInt8(ascii: "-") { end -= 1 }
            let candidate = String(decoding: bytes[(index + 1)..<end], as: UTF8.self)
            if let handle = Handle(candidate) {
                found.append(Mention(handle: handle, range: RichTextFacet.ByteSlice(byteStart: index, byteEnd: end)))
            }
            index = max(end, index + 1)
        }
        return found
    }

    /// The mention facets of `text`: its mentions whose handle `resolve` turns into a DID,
    /// sorted by their start. Each handle is asked once, all of them at the same time, so
    /// a comment waits for the slowest lookup rather than for their sum.
    package static func facets(in text: String, resolve: @escaping @Sendable (Handle) async -> DID?) async -> [RichTextFacet] {
        let found = mentions(in: text)
        let dids = await withTaskGroup(of: (Handle, DID?).self) { group in
            for handle in Set(found.map(\.handle)) {
                group.addTask { (handle, await resolve(handle)) }
            }
            var dids: [Handle: DID] = [:]
            for await (handle, did) in group { dids[handle] = did }
            return dids
        }
        return found.compactMap { mention in
            dids[mention.handle].map { RichTextFacet(index: mention.range, features: [.mention($0)]) }
        }
    }

    /// Letters, digits, `.`, `-` and `_`: what a handle (or an address before an `@`) is made of.
    private static func isHandleByte(_ byte: UInt8) -> Bool {
        (0x30...0x39).contains(byte) || (0x41...0x5A).contains(byte) || (0x61...0x7A).contains(byte)
            || byte == UInt8(ascii: ".") || byte == UInt8(ascii: "-") || byte == UInt8(ascii: "_")
    }
}

/// Rules for template, partial, layout and block names.
///
/// A template name is the file's path relative to the template directory without
/// `.html`, so the same rules keep partial references from naming anything outside the
/// library: no empty segments, no segment starting with `.` (so no `..` and no dotfiles),
/// and only ASCII letters, digits, `_`, `-` and `.`.
enum TemplateName {
    static let maximumLength = 255

    static func isValid(_ name: String) -> Bool {
        guard !name.isEmpty, name.utf8.count <= maximumLength else { return false }
        return name.split(separator: "/", omittingEmptySubsequences: false).allSatisfy { segment in
            guard let first = segment.utf8.first, first != UInt8(ascii: ".") else { return false }
            return segment.utf8.allSatisfy { VariablePath.isKeyByte($0) || $0 == UInt8(ascii: ".") }
        }
    }

    /// Block names (`{{$title}}`): one segment with the same characters.
    static func isValidBlock(_ name: String) -> Bool {
        !name.contains("/") && isValid(name)
    }
}

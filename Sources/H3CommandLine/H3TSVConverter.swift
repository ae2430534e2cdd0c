import H3Index

/// The streaming core of `grain-stories h3 cell --tsv`: turns `lat<TAB>lng<TAB>res`
/// lines into `lat<TAB>lng<TAB>res<TAB>cell` lines, echoing the input fields verbatim.
///
/// Input arrives in arbitrary blocks (lines may straddle them); output is appended to a
/// caller-owned byte buffer, which the caller flushes. A first line starting with `lat`
/// is a header and gets `\tcell` appended. Lines end in `\n` (a `\r` before it is
/// dropped); a final line without `\n` counts. Any other malformed line stops the
/// conversion with an `H3TSVError` naming it.
struct H3TSVConverter {
    /// Bytes of a line that began in an earlier block.
    private var carry: [UInt8] = []
    /// Number of lines handled so far.
    private(set) var lineCount = 0

    /// Converts every complete line in `block`, keeping a trailing partial line.
    mutating func consume(_ block: UnsafeRawBufferPointer, into output: inout [UInt8]) throws(H3TSVError) {
        var lineStart = 0
        var index = 0
        let count = block.count
        while index < count {
            if block[index] == UInt8(ascii: "\n") {
                let piece = UnsafeRawBufferPointer(rebasing: block[lineStart..<index])
                if carry.isEmpty {
                    try convertLine(piece, into: &output)
                } else {
                    carry.append(contentsOf: piece)
                    let joined = carry
                    carry.removeAll(keepingCapacity: true)
                    try convertLine(copied: joined, into: &output)
                }
                lineStart = index + 1
            }
            index += 1
        }
        carry.append(contentsOf: UnsafeRawBufferPointer(rebasing: block[lineStart..<count]))
    }

    /// Converts a last line that had no newline, if any.
    mutating func finish(into output: inout [UInt8]) throws(H3TSVError) {
        guard !carry.isEmpty else { return }
        let last = carry
        carry.removeAll()
        try convertLine(copied: last, into: &output)
    }

    /// `convertLine` for a line assembled across blocks. The result travels out of the
    /// closure because typed throws stop at `withUnsafeBytes` (it only `rethrows`).
    private mutating func convertLine(copied line: [UInt8], into output: inout [UInt8]) throws(H3TSVError) {
        let result = line.withUnsafeBytes { bytes in
            Result { () throws(H3TSVError) in try convertLine(bytes, into: &output) }
        }
        try result.get()
    }

    private mutating func convertLine(_ raw: UnsafeRawBufferPointer, into output: inout [UInt8]) throws(H3TSVError) {
        lineCount += 1
        var line = raw
        if let last = line.last, last == UInt8(ascii: "\r") {
            line = UnsafeRawBufferPointer(rebasing: line.dropLast())
        }
        if lineCount == 1, line.starts(with: "lat".utf8) {
            output.append(contentsOf: line)
            output.append(contentsOf: "\tcell\n".utf8)
            return
        }

        guard let firstTab = line.firstIndex(of: UInt8(ascii: "\t")),
            let secondTab = line[(firstTab + 1)...].firstIndex(of: UInt8(ascii: "\t")),
            !line[(secondTab + 1)...].contains(UInt8(ascii: "\t"))
        else {
            throw fail("expected 3 tab-separated fields: lat, lng, res")
        }
        let latitudeText = UnsafeRawBufferPointer(rebasing: line[..<firstTab])
        let longitudeText = UnsafeRawBufferPointer(rebasing: line[(firstTab + 1)..<secondTab])
        let resolutionText = UnsafeRawBufferPointer(rebasing: line[(secondTab + 1)...])
        guard let latitude = ASCIINumber.double(latitudeText) else {
            throw fail("latitude \(Self.quoted(latitudeText)) is not a number")
        }
        guard let longitude = ASCIINumber.double(longitudeText) else {
            throw fail("longitude \(Self.quoted(longitudeText)) is not a number")
        }
        guard let resolution = ASCIINumber.int(resolutionText) else {
            throw fail("resolution \(Self.quoted(resolutionText)) is not an integer")
        }
        let cell: H3Cell
        do {
            cell = try H3Cell(latitude: latitude, longitude: longitude, resolution: resolution)
        } catch {
            throw fail(error.description)
        }
        output.append(contentsOf: line)
        output.append(UInt8(ascii: "\t"))
        cell.appendDescription(to: &output)
        output.append(UInt8(ascii: "\n"))
    }

    private func fail(_ reason: String) -> H3TSVError {
        H3TSVError(line: lineCount, reason: reason)
    }

    /// A field for an error message: quoted, at most 40 bytes, control bytes as `?`.
    private static func quoted(_ field: UnsafeRawBufferPointer) -> String {
        let shown = field.prefix(40).map { $0 < 0x20 || $0 == 0x7F ? UInt8(ascii: "?") : $0 }
        return "'" + String(decoding: shown, as: UTF8.self) + (field.count > 40 ? "…'" : "'")
    }
}

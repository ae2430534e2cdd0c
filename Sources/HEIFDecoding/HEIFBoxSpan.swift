/// How much of a file is the HEIF itself, when a video follows it.
///
/// A motion photo can be a HEIC with its MP4 simply appended (the MP4 starting with its own
/// `ftyp` box) instead of wrapped in a trailing `mpvd` box as Google's and Samsung's
/// current phones do. libheif reads every top-level box, lets the second `ftyp` replace
/// the first and then refuses the file as not HEIF. So the bytes handed to libheif stop
/// before a second top-level `ftyp`: the HEIF's own boxes, without the video.
enum HEIFBoxSpan {
    /// The length of `bytes` up to a second top-level `ftyp` box, or `bytes.count` when
    /// there is none or the box sizes stop making sense (then libheif judges the file).
    static func length(of bytes: UnsafeBufferPointer<UInt8>) -> Int {
        var offset = 0
        var seenFileType = false
        while offset + 8 <= bytes.count {
            let size = Int(bytes[offset]) << 24 | Int(bytes[offset + 1]) << 16 | Int(bytes[offset + 2]) << 8 | Int(bytes[offset + 3])
            let isFileType =
                bytes[offset + 4] == 0x66 && bytes[offset + 5] == 0x74 && bytes[offset + 6] == 0x79
                && bytes[offset + 7] == 0x70  // "ftyp"
            if isFileType {
                if seenFileType { return offset }
                seenFileType = true
            }
            // 0 (to the end) and 1 (a 64-bit size) end the walk: a HEIF's own boxes before
            // a video are never either in practice, and libheif copes with both.
            guard size >= 8, size <= bytes.count - offset else { return bytes.count }
            offset += size
        }
        return bytes.count
    }
}

import FoundationEssentials
import Glibc

/// Finding the multipart delimiter (`CRLF--boundary`) in a buffer that may end in the
/// middle of it.
///
/// Linear time whatever the input: candidates start only at the delimiter's first byte
/// (CR, found with `memchr`), and because CR occurs nowhere else in the delimiter (a
/// boundary cannot contain it), the `k` bytes that matched before a mismatch cannot hold
/// another candidate, so the search resumes after them. Every byte is thus compared a
/// bounded number of times, however hostile the content.
enum DelimiterSearch {
    enum Match: Equatable {
        /// The whole delimiter starts at this index.
        case found(Int)
        /// The buffer ends with a prefix of the delimiter starting at this index; the bytes
        /// from there on must be kept until more data arrives.
        case partial(Int)
        /// No delimiter, and no prefix of one at the end: every byte is content.
        case absent
    }

    static func find(_ delimiter: [UInt8], in buffer: [UInt8], from start: Int) -> Match {
        assert(!delimiter.isEmpty && !delimiter.dropFirst().contains(delimiter[0]), "the first byte must not recur")
        return buffer.withUnsafeBufferPointer { haystack -> Match in
            guard let base = haystack.baseAddress, start < haystack.count else { return .absent }
            var index = start
            while index < haystack.count {
                guard let hit = memchr(base + index, Int32(delimiter[0]), haystack.count - index) else { return .absent }
                let candidate = base.distance(to: hit.assumingMemoryBound(to: UInt8.self))
                var matched = 1
                while matched < delimiter.count, candidate + matched < haystack.count,
                    haystack[candidate + matched] == delimiter[matched]
                {
                    matched += 1
                }
                if matched == delimiter.count { return .found(candidate) }
                if candidate + matched == haystack.count { return .partial(candidate) }
                index = candidate + matched
            }
            return .absent
        }
    }
}

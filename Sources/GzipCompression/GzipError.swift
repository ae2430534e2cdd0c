/// A zlib call that failed, with zlib's status code.
package struct GzipError: Error, Sendable, CustomStringConvertible {
    package let call: String
    package let code: Int32

    package var description: String { "\(call) failed with zlib status \(code)" }
}

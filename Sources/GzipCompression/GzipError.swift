/// A zlib call that failed, with zlib's status code.
public struct GzipError: Error, Sendable, CustomStringConvertible {
    public let call: String
    public let code: Int32

    public var description: String { "\(call) failed with zlib status \(code)" }
}

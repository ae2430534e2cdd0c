import GzipCompression

extension ScriptedHTTPServer.Response {
    /// A response whose body is `bytes` gzip-compressed, sent with `Content-Encoding: gzip`.
    package static func gzipped(_ bytes: [UInt8], status: Int = 200) throws -> Self {
        Self(status: status, headers: [("Content-Encoding", "gzip")], payload: .bytes(try Gzip.compress(bytes)))
    }
}

import CZlib

/// gzip compression and decompression over zlib, for text assets sent with
/// `Content-Encoding: gzip` and for checking them in tests.
package enum Gzip {
    /// Compresses `bytes` into a complete gzip member at `level` (0–9).
    package static func compress(_ bytes: [UInt8], level: Int32 = 9) throws(GzipError) -> [UInt8] {
        var stream = z_stream()
        var status = czlib_deflate_init_gzip(&stream, level)
        guard status == Z_OK else { throw GzipError(call: "deflateInit2", code: status) }
        defer { deflateEnd(&stream) }

        var output = [UInt8](repeating: 0, count: Int(deflateBound(&stream, UInt(bytes.count))) + 32)
        var input = bytes
        let produced: Int = input.withUnsafeMutableBufferPointer { inBuffer in
            output.withUnsafeMutableBufferPointer { outBuffer in
                stream.next_in = inBuffer.baseAddress
                stream.avail_in = UInt32(inBuffer.count)
                stream.next_out = outBuffer.baseAddress
                stream.avail_out = UInt32(outBuffer.count)
                status = deflate(&stream, Z_FINISH)
                return outBuffer.count - Int(stream.avail_out)
            }
        }
        guard status == Z_STREAM_END else { throw GzipError(call: "deflate", code: status) }
        output.removeSubrange(produced...)
        return output
    }

    /// Decompresses a gzip (or zlib) stream, refusing output larger than `limit` bytes
    /// so a small hostile input cannot expand without bound.
    package static func decompress(_ bytes: [UInt8], limit: Int = 64 << 20) throws(GzipError) -> [UInt8] {
        var stream = z_stream()
        var status = czlib_inflate_init_auto(&stream)
        guard status == Z_OK else { throw GzipError(call: "inflateInit2", code: status) }
        defer { inflateEnd(&stream) }

        var input = bytes
        var output: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 64 * 1024)
        status = input.withUnsafeMutableBufferPointer { inBuffer -> Int32 in
            stream.next_in = inBuffer.baseAddress
            stream.avail_in = UInt32(inBuffer.count)
            var result: Int32 = Z_OK
            while result == Z_OK {
                let produced: Int = chunk.withUnsafeMutableBufferPointer { outBuffer in
                    stream.next_out = outBuffer.baseAddress
                    stream.avail_out = UInt32(outBuffer.count)
                    result = inflate(&stream, Z_NO_FLUSH)
                    return outBuffer.count - Int(stream.avail_out)
                }
                output.append(contentsOf: chunk[0..<produced])
                if output.count > limit { return Z_MEM_ERROR }
                if result == Z_BUF_ERROR, stream.avail_in == 0 { return Z_DATA_ERROR }
            }
            return result
        }
        guard status == Z_STREAM_END else { throw GzipError(call: "inflate", code: status) }
        return output
    }
}

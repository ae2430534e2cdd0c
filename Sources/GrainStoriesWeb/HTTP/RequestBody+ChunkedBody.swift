package import MicroHTTPServer
import Multipart

/// The server's request body, in memory or spooled to a file, feeds the form parser.
extension RequestBody: ChunkedBody {}

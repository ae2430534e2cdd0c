public import MicroHTTPServer
public import Multipart

/// The server's request body, in memory or spooled to a file, feeds the form parser.
extension RequestBody: ChunkedBody {}

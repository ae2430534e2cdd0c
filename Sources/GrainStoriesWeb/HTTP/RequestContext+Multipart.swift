import MicroHTTPServer
package import Multipart

extension RequestContext {
    /// The body as `multipart/form-data`, with file parts written into `fileDirectory`.
    /// Blocks on file I/O: see `MultipartFormParser`.
    package func multipartForm(
        fileDirectory: String, parser: MultipartFormParser = MultipartFormParser()
    ) throws(MultipartError) -> MultipartForm {
        try parser.parse(request.body, contentType: request.headers["Content-Type"], fileDirectory: fileDirectory)
    }
}

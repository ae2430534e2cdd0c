import DurableFiles
import FoundationEssentials
import MicroHTTPServer

/// A JPEG on disk as a response (drafts' and just-posted photos).
enum PhotoFile {
    static func response(path: String, cache: String) throws -> HTTPResponse {
        guard let size = FileDescriptorIO.regularFileSize(path) else { throw HTTPError.notFound }
        var headers = HTTPHeaders()
        headers.add("Content-Type", "image/jpeg")
        headers.add("Cache-Control", cache)
        return HTTPResponse(status: .ok, headers: headers, body: .file(path: path, size: size))
    }
}

import ATProto
import GrainSupport
import MicroHTTPServer
import QRCodeEncoding
import Viewing

/// `/tv/qr/{actor}/{rkey}`: a QR code (SVG) of a story's own page on this server, in
/// handle form (`https://stories.example/profile/alice.bsky.social/story/3k…`), which a
/// TV shows beside the story so a person on the sofa can open it on their phone and
/// heart or comment on it there. Off unless the operator turns it on (`--tv-qr-code`);
/// then a 404 like any address that does not exist.
///
/// Only this server's story addresses can come out: the actor and record key are checked
/// as protocol values and the origin is the one link previews use (`PublicOrigin`), so
/// the route is no general QR service. Drawn dark on white, with the standard's quiet
/// zone, at medium error correction (a screen across a room has glare).
struct TVQRCode: Sendable {
    let enabled: Bool
    let origin: PublicOrigin

    func respond(_ context: RequestContext) throws(HTTPError) -> HTTPResponse {
        guard enabled else { throw HTTPError.notFound }
        let actor = try context.actorParameter()
        let rkey = try context.parameter("rkey", as: RecordKey.self)
        guard let origin = origin.origin(for: context.request) else {
            throw HTTPError.badRequest("This server does not know its own address: set --public-url.")
        }
        let link = origin + StoryLinks.profile(actor) + "/story/" + PercentEncoding.encodePathSegment(rkey.rawValue)
        let code: QRCode
        do { code = try QRCode.encode(link, correction: .medium) } catch {
            throw HTTPError.badRequest("This story's address is too long for a QR code.")
        }
        var headers = HTTPHeaders()
        headers.add("Content-Type", "image/svg+xml")
        // The same story keeps its code; a day lets a TV going round its stories fetch
        // each once.
        headers.add("Cache-Control", "public, max-age=86400")
        return HTTPResponse(status: .ok, headers: headers, body: .bytes(Array(Self.svg(code).utf8)))
    }

    /// The code as SVG: a white square with the four-module quiet zone, and the dark
    /// modules as one path, a rectangle per run of them in a row.
    static func svg(_ code: QRCode) -> String {
        let side = code.size + 8
        var path = ""
        for row in 0..<code.size {
            var column = 0
            while column < code.size {
                guard code.isDark(row: row, column: column) else {
                    column += 1
                    continue
                }
                let start = column
                while column < code.size, code.isDark(row: row, column: column) { column += 1 }
                path += "M\(start + 4) \(row + 4)h\(column - start)v1h-\(column - start)z"
            }
        }
        return """
            <svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 \(side) \(side)" shape-rendering="crispEdges">\
            <rect width="\(side)" height="\(side)" fill="#fff"/><path fill="#000" d="\(path)"/></svg>
            """
    }
}

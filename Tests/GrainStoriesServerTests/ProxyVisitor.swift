import AppTestKit
import Foundation
import HTTPTestKit
import TestKit

/// A visitor reaching the server through the reverse proxy from a loopback address of its
/// own (`127.0.0.2`, `127.0.0.3`, …: all of 127/8 is this machine), so that the proxy sees
/// different clients. It is the `curl` command line, which can pick its source address,
/// speak TLS to a self-signed certificate and keep cookies like a browser (Secure ones
/// only over https).
struct ProxyVisitor {
    /// One answer: status, the raw header block and the body as text.
    struct Answer {
        let status: Int
        let headers: String
        let body: String

        /// The `Set-Cookie` line for `name`, if any.
        func setCookie(_ name: String) -> String? {
            headers.split(separator: "\r\n").map(String.init).first { $0.lowercased().hasPrefix("set-cookie: \(name.lowercased())=") }
        }

        func header(_ name: String) -> String? {
            let prefix = name.lowercased() + ":"
            return headers.split(separator: "\r\n").first { $0.lowercased().hasPrefix(prefix) }
                .map { String($0.dropFirst(prefix.count)).trimmingCharacters(in: .whitespaces) }
        }

        /// The form token on the page.
        var csrf: String? {
            guard let range = body.range(of: "name=\"csrf\" value=\"") else { return nil }
            return String(body[range.upperBound...].prefix { $0 != "\"" })
        }
    }

    let source: String
    let scratch = ProjectPaths.temporaryDirectory("visitor")

    func get(_ url: String, headers: [String] = []) throws -> Answer {
        try request(url, headers.flatMap { ["-H", $0] })
    }

    func postForm(_ url: String, _ fields: [(String, String)]) throws -> Answer {
        try request(url, fields.flatMap { ["--data-urlencode", "\($0.0)=\($0.1)"] })
    }

    /// A `multipart/form-data` post of text fields and the file at `path` as `photo`.
    func postPhoto(_ url: String, fields: [(String, String)], path: String) throws -> Answer {
        try request(url, fields.flatMap { ["-F", "\($0.0)=\($0.1)"] } + ["-F", "photo=@\(path);type=image/jpeg"])
    }

    private func request(_ url: String, _ arguments: [String]) throws -> Answer {
        let body = scratch + "/body"
        let headers = scratch + "/headers"
        let jar = scratch + "/cookies"
        let run = try CommandRun(
            [
                "--silent", "--show-error", "--insecure", "--interface", source, "--cookie", jar, "--cookie-jar", jar,
                "--output", body, "--dump-header", headers, "--write-out", "%{http_code}", "--max-time", "120", url,
            ] + arguments,
            executable: "/usr/bin/curl")
        guard run.status == 0, let status = Int(run.output) else { throw BrowserTestError("curl \(url): \(run.error)") }
        return Answer(
            status: status, headers: (try? String(contentsOfFile: headers, encoding: .utf8)) ?? "",
            body: (try? String(contentsOfFile: body, encoding: .utf8)) ?? "")
    }

    /// Whether curl's cookie jar holds a session cookie (`sid`, `__Host-sid` over https).
    var cookieJarHasSession: Bool {
        let jar = (try? String(contentsOfFile: scratch + "/cookies", encoding: .utf8)) ?? ""
        return jar.contains("\tsid\t") || jar.contains("\t__Host-sid\t")
    }

    func forget() { try? FileManager.default.removeItem(atPath: scratch) }
}

import Foundation
import TestSupport

/// The real server behind the real nginx, configured with the README's nginx text: the
/// same server blocks with only the ports, the addresses nginx listens on and the
/// certificate (self-signed, made by `openssl` now) changed, plus a plain-http listener
/// beside the https one on the same block, so one configuration serves both schemes.
struct ReverseProxyStack {
    let pds: FakePDS
    let appView: StandInAppView
    let data: String
    let server: ServerProcess
    let nginx: NginxProcess
    /// `https://127.0.0.1:port` and `http://127.0.0.1:port`, through nginx.
    let https: String
    let http: String
    /// The README's port-80 block, which sends visitors to https.
    let redirect: String

    /// The README's first ```nginx block, under "#### nginx".
    static func readmeConfiguration() throws -> String {
        let readme = try String(contentsOfFile: ProjectPaths.root + "/README.md", encoding: .utf8)
        guard let section = readme.range(of: "#### nginx\n"),
              let start = readme.range(of: "```nginx\n", range: section.upperBound..<readme.endIndex),
              let end = readme.range(of: "```\n", range: start.upperBound..<readme.endIndex)
        else { throw BrowserTestError("README.md has no ```nginx block under #### nginx") }
        return String(readme[start.upperBound..<end.lowerBound])
    }

    /// Replaces each `from` that occurs exactly once; anything else means the README's
    /// configuration changed shape and this test must be told how to run it.
    static func substitute(_ text: String, _ replacements: [(String, String)]) throws -> String {
        var result = text
        for (from, to) in replacements {
            guard result.components(separatedBy: from).count == 2 else {
                throw BrowserTestError("the README's nginx configuration should contain '\(from)' exactly once")
            }
            result = result.replacingOccurrences(of: from, with: to)
        }
        return result
    }

    static func start() async throws -> ReverseProxyStack {
        let pds = try FakePDS()
        let appView = try StandInAppView(image: try CrashRecoveryTests.photo())
        let setup = CrashRecoveryTests.Setup(pds: pds, appView: appView, data: ProjectPaths.temporaryDirectory("proxied"))
        let server = try ServerProcess(arguments: setup.arguments() + ["--trusted-proxies", "127.0.0.1"])
        guard let serverPort = URL(string: server.baseURL)?.port else { throw BrowserTestError("no port in \(server.baseURL)") }
        let (tls, plain, redirect) = (try ServerProcess.freeLoopbackPort(), try ServerProcess.freeLoopbackPort(), try ServerProcess.freeLoopbackPort())

        let keys = setup.data + "-tls"
        try FileManager.default.createDirectory(atPath: keys, withIntermediateDirectories: true)
        let openssl = try CommandRun(
            ["req", "-x509", "-newkey", "rsa:2048", "-nodes", "-keyout", keys + "/key.pem", "-out", keys + "/cert.pem",
             "-days", "1", "-subj", "/CN=stories.example.org"], executable: "/usr/bin/openssl")
        guard openssl.status == 0 else { throw BrowserTestError("openssl: \(openssl.error)") }

        let configuration = try substitute(try readmeConfiguration(), [
            ("listen 443 ssl http2;", "listen 127.0.0.1:\(tls) ssl http2;\n    listen 127.0.0.1:\(plain);"),
            ("listen [::]:443 ssl http2;", ""),
            ("/etc/letsencrypt/live/stories.example.org/fullchain.pem", keys + "/cert.pem"),
            ("/etc/letsencrypt/live/stories.example.org/privkey.pem", keys + "/key.pem"),
            ("proxy_pass http://127.0.0.1:8080;", "proxy_pass http://127.0.0.1:\(serverPort);"),
            ("listen 80;", "listen 127.0.0.1:\(redirect);"),
            ("listen [::]:80;", ""),
        ])
        let nginx = try NginxProcess(serverBlocks: configuration, ports: [tls, plain, redirect])
        return ReverseProxyStack(
            pds: pds, appView: appView, data: setup.data, server: server, nginx: nginx,
            https: "https://127.0.0.1:\(tls)", http: "http://127.0.0.1:\(plain)", redirect: "http://127.0.0.1:\(redirect)")
    }

    /// The server's access-log line for `path` once it is written.
    func accessLogLine(path: String) async -> String? {
        _ = await CrashRecoveryTests.waitUntil(timeout: .seconds(10)) { server.log.contains("path=\(path) ") }
        return server.log.split(separator: "\n").map(String.init).first { $0.contains("path=\(path) ") }
    }

    func stop() async {
        nginx.stop()
        _ = server.terminate()
        await appView.stop()
        pds.stop()
        try? FileManager.default.removeItem(atPath: data)
        try? FileManager.default.removeItem(atPath: data + "-tls")
    }
}

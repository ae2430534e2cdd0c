import ATProtoTestKit
import AppTestKit
import Foundation
import HTTPTestKit
import TestKit
import Testing

/// The real server behind the real nginx or Caddy, configured with docs/self-hosting.md's text for
/// it: the same blocks with only the ports, the addresses the proxy listens on and the
/// certificate changed (nginx: self-signed for `stories.example.org`, made by `openssl` now,
/// which a browser told to trust it takes as a valid one; Caddy: its internal
/// CA, as for any IP address), plus a plain-http address beside the https one on the same
/// block, so one configuration serves both schemes.
struct ReverseProxyStack {
    enum Kind: String, CaseIterable, Sendable, CustomTestStringConvertible {
        case nginx
        case caddy
        var testDescription: String { rawValue }
    }

    let pds: FakePDS
    let appView: StandInAppView
    let data: String
    let server: ServerProcess
    let proxy: ProxyDaemon
    /// `https://127.0.0.1:port` and `http://127.0.0.1:port`, through nginx.
    let https: String
    let http: String
    /// nginx: docs/self-hosting.md's port-80 block, which sends visitors to https.
    let redirect: String?
    /// nginx: the PEM file of its self-signed certificate, whose subject (and only
    /// alternative name) is `stories.example.org`.
    let certificate: String?

    /// docs/self-hosting.md's first ```nginx or ```caddyfile block, under "### nginx" or "### Caddy".
    static func documentedConfiguration(_ kind: Kind) throws -> String {
        let (heading, fence) = kind == .nginx ? ("\n### nginx\n", "```nginx\n") : ("\n### Caddy\n", "```caddyfile\n")
        let document = try String(contentsOfFile: ProjectPaths.root + "/docs/self-hosting.md", encoding: .utf8)
        guard let section = document.range(of: heading),
            let start = document.range(of: fence, range: section.upperBound..<document.endIndex),
            let end = document.range(of: "```\n", range: start.upperBound..<document.endIndex)
        else { throw BrowserTestError("docs/self-hosting.md has no \(fence) block under \(heading)") }
        return String(document[start.upperBound..<end.lowerBound])
    }

    /// Replaces each `from` that occurs exactly once; anything else means the documented
    /// configuration changed shape and this test must be told how to run it.
    static func substitute(_ text: String, _ replacements: [(String, String)]) throws -> String {
        var result = text
        for (from, to) in replacements {
            guard result.components(separatedBy: from).count == 2 else {
                throw BrowserTestError("docs/self-hosting.md's configuration should contain '\(from)' exactly once")
            }
            result = result.replacingOccurrences(of: from, with: to)
        }
        return result
    }

    static func start(_ kind: Kind) async throws -> ReverseProxyStack {
        let pds = try FakePDS()
        let appView = try StandInAppView(image: try CrashRecoveryTests.photo())
        let setup = CrashRecoveryTests.Setup(pds: pds, appView: appView, data: ProjectPaths.temporaryDirectory("proxied"))
        let server = try ServerProcess(arguments: setup.arguments() + ["--trusted-proxies", "127.0.0.1"])
        guard let serverPort = URL(string: server.baseURL)?.port else { throw BrowserTestError("no port in \(server.baseURL)") }
        let ports = try ServerProcess.freeLoopbackPorts(3)
        let (tls, plain, redirect) = (ports[0], ports[1], ports[2])

        let proxy: ProxyDaemon
        switch kind {
        case .nginx:
            let keys = setup.data + "-tls"
            try FileManager.default.createDirectory(atPath: keys, withIntermediateDirectories: true)
            let openssl = try CommandRun(
                [
                    "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-keyout", keys + "/key.pem", "-out", keys + "/cert.pem",
                    "-days", "1", "-subj", "/CN=stories.example.org", "-addext", "subjectAltName=DNS:stories.example.org",
                ], executable: "/usr/bin/openssl")
            guard openssl.status == 0 else { throw BrowserTestError("openssl: \(openssl.error)") }
            let configuration = try substitute(
                try documentedConfiguration(.nginx),
                [
                    ("listen 443 ssl http2;", "listen 127.0.0.1:\(tls) ssl http2;\n    listen 127.0.0.1:\(plain);"),
                    ("listen [::]:443 ssl http2;", ""),
                    ("/etc/letsencrypt/live/stories.example.org/fullchain.pem", keys + "/cert.pem"),
                    ("/etc/letsencrypt/live/stories.example.org/privkey.pem", keys + "/key.pem"),
                    ("proxy_pass http://127.0.0.1:8080;", "proxy_pass http://127.0.0.1:\(serverPort);"),
                    ("listen 80;", "listen 127.0.0.1:\(redirect);"),
                    ("listen [::]:80;", ""),
                ])
            proxy = try .nginx(serverBlocks: configuration, ports: [tls, plain, redirect])
        case .caddy:
            let configuration = try substitute(
                try documentedConfiguration(.caddy),
                [
                    ("stories.example.org {", "https://127.0.0.1:\(tls), http://127.0.0.1:\(plain) {"),
                    ("reverse_proxy 127.0.0.1:8080\n", "reverse_proxy 127.0.0.1:\(serverPort)\n"),
                ])
            proxy = try .caddy(siteBlocks: configuration, ports: [tls, plain])
        }
        return ReverseProxyStack(
            pds: pds, appView: appView, data: setup.data, server: server, proxy: proxy,
            https: "https://127.0.0.1:\(tls)", http: "http://127.0.0.1:\(plain)", redirect: kind == .nginx ? "http://127.0.0.1:\(redirect)" : nil,
            certificate: kind == .nginx ? setup.data + "-tls/cert.pem" : nil)
    }

    /// The server's access-log line for `path` once it is written.
    func accessLogLine(path: String) async -> String? {
        _ = await CrashRecoveryTests.waitUntil(timeout: .seconds(10)) { server.log.contains("path=\(path) ") }
        return server.log.split(separator: "\n").map(String.init).first { $0.contains("path=\(path) ") }
    }

    func stop() async {
        proxy.stop()
        _ = server.terminate()
        await appView.stop()
        pds.stop()
        try? FileManager.default.removeItem(atPath: data)
        try? FileManager.default.removeItem(atPath: data + "-tls")
    }
}

import Foundation
import HTTPTestKit
import TestKit

extension ProxyDaemon {
    package static let caddyBinary = "/usr/bin/caddy"

    /// Debian's Caddy with `siteBlocks` after global options that keep it to itself: no
    /// admin endpoint, certificates (from its internal CA, for IP addresses) and state in
    /// its own directory, nothing added to the system's trust store, no port-80 redirect
    /// listener. Ready once its certificate (for 127.0.0.1) is made.
    package static func caddy(siteBlocks: String, ports: [Int]) throws -> ProxyDaemon {
        guard FileManager.default.isExecutableFile(atPath: caddyBinary) else {
            throw BrowserTestError("\(caddyBinary) is missing: run scripts/setup --tests (Debian's caddy)")
        }
        let directory = ProjectPaths.temporaryDirectory("caddy")
        let configuration = """
            {
                admin off
                skip_install_trust
                storage file_system \(directory)/storage
                auto_https disable_redirects
            }

            \(siteBlocks)
            """
        try configuration.write(toFile: directory + "/Caddyfile", atomically: true, encoding: .utf8)
        let logFile = directory + "/caddy.log"
        guard FileManager.default.createFile(atPath: logFile, contents: nil) else { throw BrowserTestError("cannot create \(logFile)") }
        let environment = ["HOME": directory, "XDG_DATA_HOME": directory + "/data", "XDG_CONFIG_HOME": directory + "/config"]
        let check = try CommandRun(
            ["validate", "--config", directory + "/Caddyfile", "--adapter", "caddyfile"], executable: caddyBinary, environment: environment)
        guard check.status == 0 else { throw BrowserTestError("caddy validate refused the configuration: \(check.error)\n\(configuration)") }
        return try ProxyDaemon(
            executable: caddyBinary, arguments: ["run", "--config", directory + "/Caddyfile", "--adapter", "caddyfile"],
            environment: environment, directory: directory, logFile: logFile, ports: ports,
            isReady: { $0.contains("certificate obtained successfully") })
    }
}

import Foundation
import Glibc
import HTTPTestKit
import TestKit

extension ProxyDaemon {
    package static let nginxBinary = "/usr/sbin/nginx"

    /// Debian's nginx (`nginx-light`) with `serverBlocks` inside a minimal `http {}`
    /// configuration, checked with `nginx -t` first.
    package static func nginx(serverBlocks: String, ports: [Int]) throws -> ProxyDaemon {
        guard FileManager.default.isExecutableFile(atPath: nginxBinary) else {
            throw BrowserTestError("\(nginxBinary) is missing: run scripts/setup --tests (Debian's nginx-light)")
        }
        let directory = ProjectPaths.temporaryDirectory("nginx")
        // Run as root, nginx would hand its workers to `nobody`, who cannot use this directory.
        let user = geteuid() == 0 ? "user root;\n" : ""
        let configuration = """
            \(user)pid \(directory)/nginx.pid;
            events { worker_connections 512; }
            http {
                access_log \(directory)/access.log;
                error_log \(directory)/error.log;
                client_body_temp_path \(directory)/body;
                proxy_temp_path \(directory)/proxy;
                fastcgi_temp_path \(directory)/fastcgi;
                uwsgi_temp_path \(directory)/uwsgi;
                scgi_temp_path \(directory)/scgi;
            \(serverBlocks)
            }
            """
        try configuration.write(toFile: directory + "/nginx.conf", atomically: true, encoding: .utf8)
        let logFile = directory + "/error.log"
        guard FileManager.default.createFile(atPath: logFile, contents: nil) else { throw BrowserTestError("cannot create \(logFile)") }
        let common = ["-p", directory, "-e", logFile, "-c", directory + "/nginx.conf"]
        let check = try CommandRun(["-t"] + common, executable: nginxBinary)
        guard check.status == 0 else { throw BrowserTestError("nginx -t refused the configuration: \(check.error)\n\(configuration)") }
        return try ProxyDaemon(
            executable: nginxBinary, arguments: common + ["-g", "daemon off;"], directory: directory, logFile: logFile, ports: ports)
    }
}

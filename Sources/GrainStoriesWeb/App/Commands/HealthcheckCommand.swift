import CurlHTTPClient
import GrainSupport

/// `grain-stories healthcheck`: asks the running server's `/healthz` and exits 0 when it
/// answers 200. The container image uses it as its HEALTHCHECK, so the image needs no
/// curl binary. The port (and address) come from the same configuration as `serve`.
enum HealthcheckCommand {
    static func run(arguments: [String], environment: [String: String]) async -> Int32 {
        let configuration: AppConfiguration
        do {
            guard case .run(let loaded) = try AppConfiguration.load(arguments: arguments, environment: environment) else {
                StandardStreams.output("Usage: grain-stories healthcheck [--port N] [--host ADDRESS]")
                return 0
            }
            configuration = loaded
        } catch {
            StandardStreams.error("grain-stories healthcheck: \(error)")
            return 64
        }
        let host = ["0.0.0.0", "::", ""].contains(configuration.host) ? "127.0.0.1" : configuration.host
        let url = "http://\(host.contains(":") ? "[\(host)]" : host):\(configuration.port)/healthz"
        let client = HTTPClient(
            configuration: HTTPClientConfiguration(userAgent: "grain-stories healthcheck", connectTimeout: .seconds(2), totalTimeout: .seconds(4)))
        do {
            let response = try await client.execute(HTTPClientRequest(url: url))
            await client.shutdown()
            guard response.status == 200 else {
                StandardStreams.error("grain-stories healthcheck: \(url) answered \(response.status)")
                return 1
            }
            StandardStreams.output(String(decoding: response.body, as: UTF8.self))
            return 0
        } catch {
            await client.shutdown()
            StandardStreams.error("grain-stories healthcheck: \(url): \(error)")
            return 1
        }
    }
}

import Activity
import GrainSupport

extension AppConfiguration {
    /// The configured Jetstream hosts, checked (read once at start-up: a bad one stops
    /// the server with its reason). `ws://` only for a host in `--insecure-hosts`.
    func followedJetstreamHosts() throws(ConfigurationError) -> [JetstreamHost] {
        try jetstreamHosts.map { text throws(ConfigurationError) in
            guard let host = JetstreamHost(text, insecureHosts: insecureHosts) else {
                throw ConfigurationError("--jetstream-hosts takes wss://host addresses (ws:// only for a host in --insecure-hosts), not '\(text)'")
            }
            return host
        }
    }
}

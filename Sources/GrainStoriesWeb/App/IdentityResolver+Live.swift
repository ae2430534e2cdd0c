package import ATProto
import DNSResolver

extension IdentityResolver {
    /// The production resolver: the system's DNS, HTTPS well-known lookups, and the
    /// configured handle resolver and PLC directory, all through `http`.
    package static func live(configuration: AppConfiguration, http: OutboundHTTP) -> IdentityResolver {
        IdentityResolver(
            http: http,
            dns: DNSTXTResolver(timeout: .seconds(3)),
            handleResolverURL: configuration.handleResolverURL,
            plcURL: configuration.plcURL,
            trustedPDSes: configuration.trustedPDSes
        )
    }
}

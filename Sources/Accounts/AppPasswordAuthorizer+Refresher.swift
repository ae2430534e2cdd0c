package import ATProto

extension AppPasswordAuthorizer {
    /// One refresh per session at a time (see `SingleFlightRefresher`).
    package typealias Refresher = SingleFlightRefresher<PDSSession>
}

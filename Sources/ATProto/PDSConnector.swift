/// Opens a `PDSConnection` to the PDS at a base URL: the one way the server reaches
/// people's PDSes, so the whole PDS edge can be replaced (`AuthorizedPDS` holds one).
public protocol PDSConnector: Sendable {
    func connection(to baseURL: String) -> any PDSConnection
}

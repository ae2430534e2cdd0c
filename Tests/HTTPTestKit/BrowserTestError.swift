/// Why a browser or server-process test could not proceed.
public struct BrowserTestError: Error, CustomStringConvertible {
    public let description: String
    public init(_ description: String) { self.description = description }
}

/// One text field of a `multipart/form-data` body, in the order the browser sent it.
public struct MultipartField: Sendable, Equatable {
    public let name: String
    public let value: String

    public init(name: String, value: String) {
        self.name = name
        self.value = value
    }
}

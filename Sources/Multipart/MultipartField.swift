/// One text field of a `multipart/form-data` body, in the order the browser sent it.
package struct MultipartField: Sendable, Equatable {
    package let name: String
    package let value: String

    package init(name: String, value: String) {
        self.name = name
        self.value = value
    }
}

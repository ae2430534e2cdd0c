/// JSON for what the server and the photo tool (`grain-stories-photo`) hand each other:
/// the processing options in, the `PhotoWorkerResult` out, through their `Codable`
/// conformances.
///
/// Foundation's `JSONEncoder` would do, but linking Foundation into the photo tool brings
/// all of it, with ICU's 34 MB of data, and the tool must stay small (the container image's
/// budget, and the memory of a process started for every upload). This covers what
/// synthesized `Codable` needs: keyed, unkeyed and single values, nesting, and every
/// integer type without loss; both sides use it, so they always agree.
///
/// Its own building block (below `PhotoModel` and the application) because the geocoder
/// reads Nominatim's answers with it too, and neither side may bring Foundation's
/// `JSONSerialization` (full Foundation, issue 26).
package enum WorkerJSON {
    /// Why a value could not be written or read.
    package struct Failure: Error, Equatable, CustomStringConvertible {
        package let description: String
        init(_ description: String) { self.description = description }
    }

    /// The JSON value `bytes` hold, untyped (`JSONNode`), for answers whose shape varies.
    package static func parse(_ bytes: [UInt8]) throws(Failure) -> JSONNode {
        try JSONNodeParser.parse(bytes)
    }

    /// `value` as compact JSON text.
    package static func encode<Value: Encodable>(_ value: Value) throws(Failure) -> [UInt8] {
        var out: [UInt8] = []
        try JSONNodeEncoder.node(for: value).write(into: &out)
        return out
    }

    /// The `Value` that the JSON text `bytes` holds.
    package static func decode<Value: Decodable>(_ type: Value.Type, from bytes: [UInt8]) throws(Failure) -> Value {
        let node = try JSONNodeParser.parse(bytes)
        do {
            return try Value(from: JSONNodeDecoder(node: node, codingPath: []))
        } catch let failure as Failure {
            throw failure
        } catch {
            throw Failure("\(error)")
        }
    }
}

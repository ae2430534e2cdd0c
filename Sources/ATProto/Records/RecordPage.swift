/// One page of `com.atproto.repo.listRecords`: the records that decode as `Value`
/// (a malformed record is left out rather than failing the page, since anyone can write
/// anything into their own repository) and the cursor for the next page.
package struct RecordPage<Value: Decodable>: Decodable {
    /// A listed record: its AT URI and its value.
    package struct Entry: Decodable {
        package var uri: ATURI
        package var value: Value

        package init(uri: ATURI, value: Value) {
            self.uri = uri
            self.value = value
        }
    }

    package var records: [Entry]
    /// Where the next page starts; nil when there is none. A PDS may send one on the
    /// last page too, which then answers with no records.
    package var cursor: String?
    /// How many records the answer listed, malformed ones included: a short page ends a
    /// listing, a full page of malformed records does not.
    package var listedCount: Int

    enum CodingKeys: String, CodingKey { case records, cursor }

    package init(records: [Entry], cursor: String?, listedCount: Int? = nil) {
        self.records = records
        self.cursor = cursor
        self.listedCount = listedCount ?? records.count
    }

    package init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let list = try container.decode(LossyArray<Entry>.self, forKey: .records)
        records = list.elements
        listedCount = list.elements.count + list.droppedCount
        cursor = container.decodeTolerantly(String.self, forKey: .cursor)
    }
}

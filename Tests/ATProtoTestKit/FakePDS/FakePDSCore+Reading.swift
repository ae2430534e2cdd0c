/// `getRecord` and `listRecords` (no authentication, as on the reference), and the
/// syntax checks shared by the write methods.
extension FakePDSCore {
    /// A missing record (or a `cid` that does not match) → 400 `RecordNotFound`.
    func getRecord(_ request: XRPCRequest) throws(XRPCFailure) -> XRPCResponse {
        let account = try repositoryAccount(try request.requiredParameter("repo"))
        let collection = try request.requiredParameter("collection")
        let rkey = try request.requiredParameter("rkey")
        let record = repositories[account.did]?.records[collection]?[rkey]
        guard let record, request.parameter("cid").map({ $0 == record.cid }) ?? true else {
            throw .invalidRequest(
                "Could not locate record: at://\(account.did)/\(collection)/\(rkey)", name: "RecordNotFound")
        }
        return .json(["uri": .string(record.uri), "cid": .string(record.cid), "value": record.value])
    }

    /// Newest first (descending record key) unless `reverse=true`; `limit` 1–100, default
    /// 50; `cursor` is exclusive, and the answer's `cursor` is the last record's key
    /// whenever the page is not empty (as on the reference, even on the last page).
    func listRecords(_ request: XRPCRequest) throws(XRPCFailure) -> XRPCResponse {
        let account = try repositoryAccount(try request.requiredParameter("repo"))
        let collection = try request.requiredParameter("collection")
        var limit = 50
        if let text = request.parameter("limit") {
            guard let value = Int(text) else { throw .invalidRequest("limit must be an integer") }
            guard value >= 1 else { throw .invalidRequest("limit can not be less than 1") }
            guard value <= 100 else { throw .invalidRequest("limit can not be greater than 100") }
            limit = value
        }
        var reverse = false
        if let text = request.parameter("reverse") {
            guard text == "true" || text == "false" else { throw .invalidRequest("reverse must be a boolean") }
            reverse = text == "true"
        }
        let cursor = request.parameter("cursor")
        let all = (repositories[account.did]?.records[collection] ?? [:]).values.sorted {
            reverse ? $0.rkey < $1.rkey : $0.rkey > $1.rkey
        }
        let page = all.filter { record in
            guard let cursor else { return true }
            return reverse ? record.rkey > cursor : record.rkey < cursor
        }.prefix(limit)
        var output: [String: JSONValue] = [
            "records": .array(page.map { ["uri": .string($0.uri), "cid": .string($0.cid), "value": $0.value] })
        ]
        if let last = page.last { output["cursor"] = .string(last.rkey) }
        return .json(.object(output))
    }

    /// A collection NSID: three or more dot-separated segments of letters, digits and
    /// hyphens, the first starting with a letter, the last letters and digits only.
    static func validCollection(_ text: String) throws(XRPCFailure) -> String {
        let segments = text.split(separator: ".", omittingEmptySubsequences: false)
        let isValid =
            text.utf8.count <= 317 && segments.count >= 3
            && segments.allSatisfy { segment in
                !segment.isEmpty && segment.count <= 63
                    && segment.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-") }
            }
            && segments[0].first?.isLetter == true
            && segments.last.map { $0.first?.isLetter == true && $0.allSatisfy { $0.isLetter || $0.isNumber } } == true
        guard isValid else { throw .invalidRequest("Input/collection must be a valid nsid") }
        return text
    }

    /// A record key: 1–512 characters of `A-Za-z0-9._:~-`, not `.` or `..`.
    static func validRecordKey(_ text: String) throws(XRPCFailure) -> String {
        let allowed = Set("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789._:~-")
        guard (1...512).contains(text.count), text != ".", text != "..", text.allSatisfy(allowed.contains) else {
            throw .invalidRequest("Input/rkey must be a valid Record Key")
        }
        return text
    }
}

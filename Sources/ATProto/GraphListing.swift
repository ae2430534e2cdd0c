/// Reads the people a person's graph records point at (whom they follow, whom they
/// block) from their own PDS, page by page, without a session: such records are public.
///
/// A listing is bounded (`maxPages` pages of 100): a repository with endless records,
/// or a PDS whose cursor never ends, costs a bounded number of calls. Subjects are
/// returned once each, newest record first, as the PDS lists them.
package struct GraphListing: Sendable {
    package static let pageSize = 100
    package let maxPages: Int

    package init(maxPages: Int = 20) {
        self.maxPages = max(1, maxPages)
    }

    /// The subjects of `repo`'s records in `collection` on `pds`.
    package func subjects(of repo: DID, in collection: NSID, on pds: any PDSConnection) async throws(XRPCError) -> [DID] {
        var seen: Set<DID> = []
        return try await entries(of: repo, in: collection, on: pds, as: GraphRecord.self)
            .map(\.value.subject).filter { seen.insert($0).inserted }
    }

    /// Every record of `repo` in `collection` that decodes as `Value`, newest first,
    /// with its URI (whose record key is how the record is deleted again).
    package func entries<Value: Decodable>(
        of repo: DID, in collection: NSID, on pds: any PDSConnection, as type: Value.Type
    ) async throws(XRPCError) -> [RecordPage<Value>.Entry] {
        var entries: [RecordPage<Value>.Entry] = []
        var cursor: String?
        for _ in 0..<maxPages {
            let page = try await pds.listRecords(repo: repo, collection: collection, limit: GraphListing.pageSize, cursor: cursor, as: Value.self)
            entries += page.records
            // A short page is the last (PDSes send a cursor on it too, which would only
            // cost one more call for an empty page).
            guard page.listedCount >= GraphListing.pageSize, let next = page.cursor, next != cursor else { break }
            cursor = next
        }
        return entries
    }
}

package import ATProto
import Foundation

extension FakePDS {
    /// Stores `social.grain.graph.follow` records for `follows` and `.block` records for
    /// `blocks` in the account's repository (Alice's by default), oldest first, as a
    /// person's Grain app writes them.
    package func seedGraph(follows: [DID] = [], blocks: [DID] = [], account: String? = nil) throws(SeedingError) {
        for (collection, subjects, prefix) in [(NSID.grainFollow, follows, "3mfollow"), (NSID.grainBlock, blocks, "3mblocks")] {
            for (index, did) in subjects.enumerated() {
                try seedRecord(
                    ["subject": .string(did.rawValue), "createdAt": "2026-09-01T10:00:00.000Z"], collection: collection.rawValue,
                    rkey: prefix + String(format: "%05d", index), account: account)
            }
        }
    }
}

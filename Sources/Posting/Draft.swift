package import ATProto
package import Accounts
package import FoundationEssentials
import Geocoding

/// A processed photo waiting to be posted (or being posted), owned by one account. Its
/// photo is at `DataDirectory.draftPhoto(id)`; how far publishing got is its
/// `PublishProgress`, kept with it by the `DraftRepository`.
///
/// The record keys are chosen when the draft is made and never change, so however often
/// publishing is retried, the PDS ends up with at most one story and one crosspost.
package struct Draft: Sendable, Equatable {
    package enum State: String, Sendable {
        case draft, publishing, posted, failed
    }

    package var id: DraftID
    package var did: DID
    /// The PDS of the session that made it: only a session of `did` on this PDS may
    /// see or publish it.
    package var pdsURL: String
    package var storyRKey: RecordKey
    package var postRKey: RecordKey
    package var photoBytes: Int
    package var width: Int
    package var height: Int
    /// The resolution-10 H3 cell of the photo's own GPS position, when it had one.
    package var gpsCell: String?
    /// The place that will be posted (suggested from GPS, edited or searched).
    package var place: DraftPlace?
    package var labels: [String]
    package var crosspost: Bool
    package var state: State
    package var createdAt: Date

    package init(
        id: DraftID, did: DID, pdsURL: String, storyRKey: RecordKey, postRKey: RecordKey, photoBytes: Int, width: Int, height: Int,
        gpsCell: String?, place: DraftPlace?, labels: [String], crosspost: Bool, state: State, createdAt: Date
    ) {
        self.id = id
        self.did = did
        self.pdsURL = pdsURL
        self.storyRKey = storyRKey
        self.postRKey = postRKey
        self.photoBytes = photoBytes
        self.width = width
        self.height = height
        self.gpsCell = gpsCell
        self.place = place
        self.labels = labels
        self.crosspost = crosspost
        self.state = state
        self.createdAt = createdAt
    }

    /// Whether `account` is the one this draft belongs to (same DID, same PDS).
    package func belongs(to account: AccountSession) -> Bool {
        account.did == did && account.pdsURL == pdsURL
    }
}

/// A story's place: a name, its H3 cell, and the address when one is known.
package struct DraftPlace: Sendable, Equatable, Codable {
    package var name: String
    package var cell: String
    package var address: AddressLocation?

    package init(name: String, cell: String, address: AddressLocation?) {
        self.name = name
        self.cell = cell
        self.address = address
    }

    /// The place as Grain shows it (`locationDisplay` rules), for the viewer and the
    /// crosspost text.
    package var displayText: String {
        LocationFormatter.display(name: name, address: address)
    }
}

public import Foundation
public import ATProto
import Geocoding
public import Accounts

/// A processed photo waiting to be posted (or being posted), owned by one account. Its
/// photo is at `DataDirectory.draftPhoto(id)`; how far publishing got is its
/// `PublishProgress`, kept with it by the `DraftRepository`.
///
/// The record keys are chosen when the draft is made and never change, so however often
/// publishing is retried, the PDS ends up with at most one story and one crosspost.
public struct Draft: Sendable, Equatable {
    public enum State: String, Sendable {
        case draft, publishing, posted, failed
    }

    public var id: String
    public var did: DID
    /// The PDS of the session that made it: only a session of `did` on this PDS may
    /// see or publish it.
    public var pdsURL: String
    public var storyRKey: RecordKey
    public var postRKey: RecordKey
    public var photoBytes: Int
    public var width: Int
    public var height: Int
    /// The resolution-10 H3 cell of the photo's own GPS position, when it had one.
    public var gpsCell: String?
    /// The place that will be posted (suggested from GPS, edited or searched).
    public var place: DraftPlace?
    public var labels: [String]
    public var crosspost: Bool
    public var state: State
    public var createdAt: Date

    public init(
        id: String, did: DID, pdsURL: String, storyRKey: RecordKey, postRKey: RecordKey, photoBytes: Int, width: Int, height: Int,
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
    public func belongs(to account: AccountSession) -> Bool {
        account.did == did && account.pdsURL == pdsURL
    }
}

/// A story's place: a name, its H3 cell, and the address when one is known.
public struct DraftPlace: Sendable, Equatable, Codable {
    public var name: String
    public var cell: String
    public var address: AddressLocation?

    public init(name: String, cell: String, address: AddressLocation?) {
        self.name = name
        self.cell = cell
        self.address = address
    }

    /// The place as Grain shows it (`locationDisplay` rules), for the viewer and the
    /// crosspost text.
    public var displayText: String {
        LocationFormatter.display(name: name, address: address)
    }
}

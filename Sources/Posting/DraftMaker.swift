package import ATProto
import Accounts
import DurableFiles
package import FoundationEssentials
package import Geocoding
import Glibc
package import GrainSupport
import H3Index
package import PhotoModel
import WorkerThreads

/// Makes a draft from an uploaded photo: prepares it (`PhotoPreparation`) from the
/// upload's scratch file where it lies, writes the prepared JPEG durably to the draft's
/// derived path (`DataDirectory.draftPhoto`), suggests a place from its GPS, and saves
/// the draft within the account's quota. The draft row is written only after its photo
/// is on disk, and the photo is removed again if the row cannot be saved, so a row never
/// points at a missing photo and no photo outlives a refused draft.
package struct DraftMaker: Sendable {
    /// What one upload asks for.
    package struct Request: Sendable {
        /// The uploaded scratch file; the caller owns it and deletes it afterwards.
        package var uploadPath: String
        package var did: DID
        /// The PDS of the session uploading, which the draft is bound to.
        package var pdsURL: String
        package var quota: DraftQuota
        /// The browser's `Accept-Language`, for the place suggestion.
        package var language: String?

        package init(uploadPath: String, did: DID, pdsURL: String, quota: DraftQuota, language: String?) {
            self.uploadPath = uploadPath
            self.did = did
            self.pdsURL = pdsURL
            self.quota = quota
            self.language = language
        }
    }

    package let preparation: PhotoPreparation
    package let drafts: any DraftRepository
    package let geocoder: any PlaceGeocoder
    package let tids: TIDClock
    package let data: DataDirectory
    package let now: @Sendable () -> Date

    package init(
        preparation: PhotoPreparation, drafts: any DraftRepository, geocoder: any PlaceGeocoder, tids: TIDClock, data: DataDirectory,
        now: @escaping @Sendable () -> Date
    ) {
        self.preparation = preparation
        self.drafts = drafts
        self.geocoder = geocoder
        self.tids = tids
        self.data = data
        self.now = now
    }

    package func makeDraft(_ request: Request) async throws(DraftMakingError) -> Draft {
        let prepared: PreparedPhoto
        do {
            prepared = try await preparation.prepare(fileAt: request.uploadPath, account: request.did.rawValue)
        } catch {
            throw .photo(error)
        }
        let photo = prepared.photo
        let id = DraftID.random()
        let photoPath = data.draftPhoto(id)
        let jpeg = photo.jpeg
        do {
            try await preparation.fileThreads.run { () throws in try DurableFile.write(jpeg, to: photoPath) }
        } catch {
            throw .storage(error)
        }
        var place: DraftPlace?
        if let gps = photo.metadata.gps {
            // The suggestion carries the cell of the photo's own position (not Nominatim's).
            if let suggestion = await geocoder.reverse(latitude: gps.latitude, longitude: gps.longitude, language: request.language) {
                place = DraftPlace(name: suggestion.name, cell: suggestion.location.value, address: suggestion.address)
            }
        }
        let draft = Draft(
            id: id, did: request.did, pdsURL: request.pdsURL, storyRKey: tids.next().recordKey, postRKey: tids.next().recordKey,
            photoBytes: jpeg.count, width: photo.width, height: photo.height,
            gpsCell: prepared.gpsCell, place: place, labels: [], crosspost: false, state: .draft, createdAt: now()
        )
        let insertion: DraftQuota.Insertion
        do {
            insertion = try await drafts.insert(draft, within: request.quota)
        } catch {
            await preparation.fileThreads.run { _ = unlink(photoPath) }
            throw .storage(error)
        }
        switch insertion {
        case .inserted:
            return draft
        case .refused(let refusal):
            await preparation.fileThreads.run { _ = unlink(photoPath) }
            throw .quota(refusal)
        }
    }
}

/// Why an upload did not become a draft.
package enum DraftMakingError: Error {
    /// The photo could not be prepared; `isBadInput` ones are the uploader's to fix.
    case photo(PhotoProcessingError)
    /// The account keeps as much as `DraftQuota` allows.
    case quota(DraftQuota.Exceeded)
    /// Writing the photo or the draft failed on this server.
    case storage(any Error)
}

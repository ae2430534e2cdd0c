import Foundation
import WorkerThreads
import GrainSupport

/// The drafts' photo files, for the pages that show or remove them: where a draft's
/// photo is, and deleting it on the file threads like every other disk write of posting
/// (unlinking several megabytes can block on a busy disk).
struct DraftPhotos: Sendable {
    let data: DataDirectory
    let fileThreads: WorkerThreadPool

    func path(of draftID: String) -> String {
        data.draftPhoto(draftID)
    }

    /// Deletes the draft's photo; a missing file is fine.
    func remove(of draftID: String) async {
        let path = data.draftPhoto(draftID)
        await fileThreads.run { _ = unlink(path) }
    }
}

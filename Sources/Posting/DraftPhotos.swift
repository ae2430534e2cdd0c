import FoundationEssentials
import Glibc
package import GrainSupport
package import WorkerThreads

/// The drafts' photo files, for the pages that show or remove them: where a draft's
/// photo is, and deleting it on the file threads like every other disk write of posting
/// (unlinking several megabytes can block on a busy disk).
package struct DraftPhotos: Sendable {
    package let data: DataDirectory
    package let fileThreads: WorkerThreadPool

    package func path(of draftID: DraftID) -> String {
        data.draftPhoto(draftID)
    }

    /// Deletes the draft's photo; a missing file is fine.
    package func remove(of draftID: DraftID) async {
        let path = data.draftPhoto(draftID)
        await fileThreads.run { _ = unlink(path) }
    }

    package init(data: DataDirectory, fileThreads: WorkerThreadPool) {
        self.data = data
        self.fileThreads = fileThreads
    }
}

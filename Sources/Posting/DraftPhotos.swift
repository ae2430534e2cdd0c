import Foundation
public import WorkerThreads
public import GrainSupport

/// The drafts' photo files, for the pages that show or remove them: where a draft's
/// photo is, and deleting it on the file threads like every other disk write of posting
/// (unlinking several megabytes can block on a busy disk).
public struct DraftPhotos: Sendable {
    public let data: DataDirectory
    public let fileThreads: WorkerThreadPool

    public func path(of draftID: String) -> String {
        data.draftPhoto(draftID)
    }

    /// Deletes the draft's photo; a missing file is fine.
    public func remove(of draftID: String) async {
        let path = data.draftPhoto(draftID)
        await fileThreads.run { _ = unlink(path) }
    }

    public init(data: DataDirectory, fileThreads: WorkerThreadPool) {
        self.data = data
        self.fileThreads = fileThreads
    }
}

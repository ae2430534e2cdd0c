package import GrainSupport

extension DataDirectory {
    /// Where the photo of draft `id` lies. `GrainSupport` sits below `Posting` and knows
    /// ids only as file names; here the id is the checked `DraftID`, so no unchecked
    /// string becomes a path.
    package func draftPhoto(_ id: DraftID) -> String { draftPhoto(id.rawValue) }
}

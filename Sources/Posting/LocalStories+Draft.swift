package import ATProto
package import Viewing

extension LocalStories {
    /// The view of a story just written from `draft` as the record `uri` (`cid`) by `creator`.
    package static func view(of draft: Draft, uri: ATURI, cid: String, creator: ProfileView, createdAt: Datetime) -> StoryView {
        let photo = "/local-photos/\(draft.id)"
        var view = StoryView(
            uri: uri, cid: cid, creator: creator,
            thumb: photo, fullsize: photo, aspectRatio: AspectRatio(width: draft.width, height: draft.height), createdAt: createdAt
        )
        if let place = draft.place {
            view.location = HThreeLocation(value: place.cell, name: place.name)
            view.address = place.address
            view.locationDisplay = place.displayText
        }
        view.labels = draft.labels.map { Label(src: creator.did.rawValue, uri: uri.rawValue, val: $0) }
        return view
    }
}

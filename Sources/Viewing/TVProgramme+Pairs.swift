import ATProto

extension TVProgramme {
    /// The programme around `index` when portraits pair up (`TVPairing`): the group
    /// holding `index` is shown, "next" leads past its last story and "previous" to the
    /// first of the group before its first, so a pair moves on together and back again.
    static func pairedProgramme(
        rotation: TVRotation, stories: [StoryView], index: Int, library: any StoryLibrary, pairing: TVPairing
    ) async -> TVProgramme {
        let did = stories[index].creator.did
        let navigator = StoryNavigator(library: library, authorOrder: rotation.navigationOrder(around: did))
        let group = TVPairing.group(of: index, in: stories)
        let atFirst = await navigator.neighbors(author: did, stories: stories, index: group.lowerBound)
        let atLast = group.count == 1 ? atFirst : await navigator.neighbors(author: did, stories: stories, index: group.upperBound)
        var partner = group.count == 2 ? stories[group.upperBound] : nil
        var partnerCount = 0
        // `.close` means nobody else has a story to go to: go round this author again.
        var next = if case .story(let story) = atLast.next { story } else { stories[0] }
        if pairing == .consecutive, partner == nil, group.upperBound == stories.count - 1, stories[group.upperBound].isPortrait,
            let across = await firstOfNextPerson(after: atLast, from: did, rotation: rotation, library: library)
        {
            partner = across.story
            partnerCount = across.count
            next = across.next
        }
        let previous = await groupBefore(group.lowerBound, in: stories, neighbors: atFirst, library: library)
        return TVProgramme(
            rotation: rotation, stories: stories, index: group.lowerBound, partner: partner, partnerCount: partnerCount, next: next, previous: previous,
            nextAuthor: atFirst.nextAuthor ?? stories[0], previousAuthor: atFirst.previousAuthor ?? stories[0])
    }

    /// The next person's first story, when it is a portrait that their own stories leave
    /// alone (a landscape, or a portrait followed by a landscape or nothing), and what
    /// comes after it: the second half of a pair across two people.
    private static func firstOfNextPerson(
        after neighbors: StoryNavigator.Neighbors, from did: DID, rotation: TVRotation, library: any StoryLibrary
    ) async -> (story: StoryView, count: Int, next: StoryView)? {
        guard case .story(let candidate) = neighbors.next, candidate.creator.did != did, candidate.isPortrait,
            let theirs = try? await library.stories(of: candidate.creator.did).value, theirs.first?.rkey == candidate.rkey,
            TVPairing.group(of: 0, in: theirs).count == 1
        else { return nil }
        let navigator = StoryNavigator(library: library, authorOrder: rotation.navigationOrder(around: candidate.creator.did))
        let after = await navigator.neighbors(author: candidate.creator.did, stories: theirs, index: 0)
        let next = if case .story(let story) = after.next { story } else { theirs[0] }
        return (candidate, theirs.count, next)
    }

    /// The first story of the group that ends just before `first`: this person's, or the
    /// previous person's last group, or (nobody else) this person's last group again.
    private static func groupBefore(
        _ first: Int, in stories: [StoryView], neighbors: StoryNavigator.Neighbors, library: any StoryLibrary
    ) async -> StoryView {
        if first > 0 { return stories[TVPairing.group(of: first - 1, in: stories).lowerBound] }
        guard case .story(let before) = neighbors.previous, before.creator.did != stories[first].creator.did,
            let theirs = try? await library.stories(of: before.creator.did).value,
            let index = theirs.firstIndex(where: { $0.rkey == before.rkey })
        else { return stories[TVPairing.group(of: stories.count - 1, in: stories).lowerBound] }
        return theirs[TVPairing.group(of: index, in: theirs).lowerBound]
    }
}

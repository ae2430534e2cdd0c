import ATProto
package import Social

/// A page of comments laid out as Grain shows a thread: one level of nesting. A reply
/// (`replyTo`) is shown under the comment it answers, and a reply to a reply under the
/// top-level comment that thread starts from, all in the page's order (oldest first).
/// A reply whose comment is not on this page (another page, deleted, or by someone left
/// out) is shown at the top level, so no comment is lost to its parent's absence.
package enum CommentNesting {
    /// One top-level comment and the replies shown under it.
    package struct Thread: Sendable, Equatable {
        package var comment: CommentMerge.Shown
        package var replies: [CommentMerge.Shown]
    }

    package static func threads(_ comments: [CommentMerge.Shown]) -> [Thread] {
        var byURI: [String: CommentMerge.Shown] = [:]
        for shown in comments { byURI[shown.view.uri.rawValue] = shown }
        /// The furthest ancestor on this page (itself when it answers none here); a loop
        /// of replies (only hostile records make one) ends where it comes back.
        func root(of shown: CommentMerge.Shown) -> String {
            var current = shown
            var seen: Set<String> = [current.view.uri.rawValue]
            while let parent = current.view.replyTo.flatMap({ byURI[$0.rawValue] }), seen.insert(parent.view.uri.rawValue).inserted {
                current = parent
            }
            return current.view.uri.rawValue
        }
        let tops = comments.map(root(of:))
        var threads: [Thread] = []
        var index: [String: Int] = [:]
        for (shown, top) in zip(comments, tops) where top == shown.view.uri.rawValue && index[top] == nil {
            index[top] = threads.count
            threads.append(Thread(comment: shown, replies: []))
        }
        for (shown, top) in zip(comments, tops) where top != shown.view.uri.rawValue {
            if let at = index[top] {
                threads[at].replies.append(shown)
            } else {
                // Only a loop of replies has no top: each of its comments stands alone.
                threads.append(Thread(comment: shown, replies: []))
            }
        }
        return threads
    }
}

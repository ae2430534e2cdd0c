package import Accounts
package import Social

/// The one place where what went wrong with a write (`WriteProblem`) becomes words for
/// people: the draft page and the home page's "Not posted yet" list for a story, the
/// viewer and the comments page for a heart or a comment. The headline says what happened
/// and what to do, in plain words; `details` keeps the technical account (status codes,
/// error names, the transport's text) for the "Details" disclosure, never the headline.
package enum WriteProblemWords {
    /// What the write was, so the words can name it.
    package enum Subject: Sendable {
        case story, like, unlike, comment, commentDeletion
    }

    /// A headline for people, and the technical account beside it.
    package struct Words: Sendable, Equatable {
        package var headline: String
        package var details: String?
    }

    /// A write that stopped (refused, signed out, given up): what happened and what to do.
    package static func stopped(_ problem: WriteProblem?, _ subject: Subject) -> Words {
        Words(headline: headline(problem, subject), details: problem?.description)
    }

    /// A write still being tried after `problem`: that GrainStories keeps trying.
    package static func retrying(_ problem: WriteProblem?) -> Words {
        let headline =
            switch problem {
            case .identityUnavailable?: "Your account's identity can't be checked right now; GrainStories keeps trying."
            case .local?: "Something went wrong on this server; GrainStories keeps trying."
            default: "Your account's server isn't answering right now; GrainStories keeps trying."
            }
        return Words(headline: headline, details: problem?.description)
    }

    /// A heart's or a comment's state where it shows (under a comment, beside a heart):
    /// nothing once done.
    package static func state(of write: SocialWrite) -> String? {
        switch write.status {
        case .done: nil
        case .pending: write.attempts.count == 0 ? "Sending…" : "Not sent yet: will retry."
        case .failed: stopped(write.attempts.problem, subject(of: write)).headline
        }
    }

    /// The subject a social write is about.
    package static func subject(of write: SocialWrite) -> Subject {
        switch write.kind {
        case .favorite: .like
        case .unfavorite: .unlike
        case .comment: .comment
        case .uncomment: .commentDeletion
        }
    }

    private static func headline(_ problem: WriteProblem?, _ subject: Subject) -> String {
        let story = subject == .story
        guard let problem, let explained = explanation(problem, story: story) else {
            return notDone(subject) + " " + (story ? "Press Retry to try again." : "Please try again.")
        }
        let reason = explained.reason
        let then = explained.hint.map { " " + $0 } ?? ""
        guard story else { return String(notDone(subject).dropLast()) + ": " + reason + "." + then }
        return reason.prefix(1).uppercased() + String(reason.dropFirst()) + "." + then
    }

    /// Why, as a clause (lower case, no full stop), and what to do about it; nil when
    /// there is nothing to say but that it did not happen.
    private static func explanation(_ problem: WriteProblem, story: Bool) -> (reason: String, hint: String?)? {
        let again = story ? "Press Retry to try again." : "Please try again."
        let signInAgain = story ? "Sign in again, then press Retry." : "Sign in again, then try once more."
        if problem.isNamed(["RepoNotFound", "AccountNotFound", "RepoDeactivated", "RepoTakendown"]) {
            return ("your account's server doesn't have your account (it may have moved to another server)", signInAgain)
        }
        switch problem {
        case .unreachable, .timedOut, .unavailable:
            return ("your account's server could not be reached", again)
        case .gaveUp(let attempts, let last):
            switch last {
            case .unreachable, .timedOut, .unavailable, .incompleteUpload, .identityUnavailable:
                return ("your account's server did not answer, though GrainStories tried \(attempts) times", again)
            case .local:
                return ("something went wrong on this server, though GrainStories tried \(attempts) times", again)
            default:
                return explanation(last, story: story)
            }
        case .refused:
            return story
                ? ("your account's server refused this story", "Press Retry to try again, or discard it.")
                : ("your account's server refused it", nil)
        case .tooLarge:
            return story
                ? (
                    "your account's server refused the photo as too large, or your account has no room left there",
                    "Discard this draft and post a smaller photo."
                )
                : ("your account's server refused it as too large", nil)
        case .unreadableAnswer:
            return ("your account's server gave an answer GrainStories does not understand", again)
        case .signedOut:
            return ("your sign-in has ended", signInAgain)
        case .identityUnavailable:
            return ("your account's identity could not be checked just now", again)
        case .invalidRecord:
            return story
                ? ("this story does not fit Grain's format, so it was not sent", "Discard it and post the photo again.")
                : ("it does not fit Grain's format", nil)
        case .photoMissing:
            return ("the photo of this draft is no longer on this server", "Discard the draft and upload the photo again.")
        case .incompleteUpload:
            return ("your account's server did not keep the whole photo", again)
        case .local:
            return ("something went wrong on this server", again)
        case .legacy:
            return nil
        }
    }

    /// What did not happen, for a problem with no more to say (a reason stored as text by
    /// an older version, or none) and as the start of a heart's or a comment's words.
    private static func notDone(_ subject: Subject) -> String {
        switch subject {
        case .story: "Something went wrong while posting it."
        case .like: "Your like was not saved."
        case .unlike: "Your like was not removed."
        case .comment: "Your comment was not sent."
        case .commentDeletion: "Your comment was not deleted."
        }
    }
}

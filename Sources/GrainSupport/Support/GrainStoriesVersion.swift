/// The release this build belongs to, shown in the footer and `/healthz`.
package enum GrainStoriesVersion {
    package static let current = "0.1.0"
}

/// The release this build belongs to, shown in the footer and `/healthz`.
public enum GrainStoriesVersion {
    public static let current = "0.1.0"
}

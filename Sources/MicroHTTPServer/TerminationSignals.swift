/// PLACEHOLDER: waits for SIGTERM/SIGINT; the real implementation replaces this file.
public enum TerminationSignals {
    public static func wait() async -> Int32 {
        while !Task.isCancelled { try? await Task.sleep(for: .seconds(3600)) }
        return 0
    }
}

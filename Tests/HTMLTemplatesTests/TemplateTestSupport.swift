import HTMLTemplates

/// Builds a strict library from `sources` and renders `name`.
func render(
    _ sources: [String: String], _ name: String = "page", _ context: [String: TemplateValue] = [:],
    strict: Bool = true
) throws -> String {
    try TemplateLibrary(sources: sources, strict: strict).render(name, context)
}

/// The error a library fails to build with, or nil if it builds.
func buildError(_ sources: [String: String]) -> TemplateError? {
    do {
        _ = try TemplateLibrary(sources: sources, strict: true)
        return nil
    } catch {
        return error
    }
}

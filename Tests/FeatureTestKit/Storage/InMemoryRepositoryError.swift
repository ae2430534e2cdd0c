/// What the in-memory repositories throw where the SQLite adapter's constraints would
/// refuse a write (a primary or unique key already taken), so contract tests can expect
/// the same refusal from both.
package enum InMemoryRepositoryError: Error, Sendable, Equatable {
    case keyTaken(String)
}

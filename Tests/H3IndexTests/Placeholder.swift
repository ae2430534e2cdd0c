// Placeholder until the tests for this target land.

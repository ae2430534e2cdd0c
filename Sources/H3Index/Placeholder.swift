// Placeholder until the H3 implementation lands.

// Placeholder until the GrainStoriesCore implementation lands.

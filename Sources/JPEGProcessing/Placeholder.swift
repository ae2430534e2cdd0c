// Placeholder until the JPEGProcessing implementation lands.

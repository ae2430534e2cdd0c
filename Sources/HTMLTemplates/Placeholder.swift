// Placeholder until the HTMLTemplates implementation lands.

// Placeholder until the SQLiteStore implementation lands.

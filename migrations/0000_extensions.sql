-- Trigram indexes serve the case-insensitive substring searches (ILIKE '%term%') of tickets and loans.
CREATE EXTENSION IF NOT EXISTS pg_trgm;

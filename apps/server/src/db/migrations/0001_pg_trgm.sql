-- Trigram indexes make substring search (ILIKE '%keyword%') use an index. pg_trgm is a
-- "trusted" extension (PostgreSQL 13+): the database owner may create it without superuser.
-- The embedded PGlite database loads it because db/client.ts passes it to PGlite.create.
CREATE EXTENSION IF NOT EXISTS pg_trgm;

-- trigram indexes (the next migration) answer the lists' searches and regex filters; PGlite loads
-- the extension in server/db/client.ts, PostgreSQL ships it in contrib
CREATE EXTENSION IF NOT EXISTS pg_trgm;

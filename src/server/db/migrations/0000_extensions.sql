CREATE EXTENSION IF NOT EXISTS pg_trgm;
--> statement-breakpoint
-- The trigram similarity operators (<% and %>) are costed like "=", so the planner prefers a sequential scan
-- that runs word_similarity on every row over the trigram index. They cost about a hundred times more.
-- A role that does not own the extension cannot change this; searches are then only slower, so go on.
DO $$
BEGIN
  ALTER FUNCTION word_similarity_op(text, text) COST 100;
  ALTER FUNCTION word_similarity_commutator_op(text, text) COST 100;
EXCEPTION WHEN insufficient_privilege THEN
  RAISE NOTICE 'pg_trgm operator costs left unchanged: %', SQLERRM;
END $$;

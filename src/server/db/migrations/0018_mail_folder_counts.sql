ALTER TABLE "mail_folders" ADD COLUMN "total_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "mail_folders" ADD COLUMN "unread_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
-- Every message stored, removed, moved or marked read or unread moves its folder's counts, so the folder pane reads
-- them instead of counting the user's mail. A message removed with its folder (account removal) finds no row.
CREATE FUNCTION mail_folder_counts_apply() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' AND OLD.folder_id = NEW.folder_id THEN
    UPDATE mail_folders SET unread_count = unread_count + (NOT NEW.is_read)::int - (NOT OLD.is_read)::int
    WHERE id = NEW.folder_id;
    RETURN NULL;
  END IF;
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    UPDATE mail_folders SET total_count = total_count - 1, unread_count = unread_count - (NOT OLD.is_read)::int
    WHERE id = OLD.folder_id;
  END IF;
  IF TG_OP IN ('UPDATE', 'INSERT') THEN
    UPDATE mail_folders SET total_count = total_count + 1, unread_count = unread_count + (NOT NEW.is_read)::int
    WHERE id = NEW.folder_id;
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER mail_folder_counts_insert_delete AFTER INSERT OR DELETE ON mail_messages
  FOR EACH ROW EXECUTE FUNCTION mail_folder_counts_apply();--> statement-breakpoint
CREATE TRIGGER mail_folder_counts_update AFTER UPDATE OF folder_id, is_read ON mail_messages
  FOR EACH ROW WHEN (OLD.folder_id IS DISTINCT FROM NEW.folder_id OR OLD.is_read IS DISTINCT FROM NEW.is_read)
  EXECUTE FUNCTION mail_folder_counts_apply();--> statement-breakpoint
-- The counts of the mail already stored (after the triggers, in the migration's transaction).
UPDATE mail_folders f SET total_count = c.total, unread_count = c.unread
FROM (SELECT folder_id, count(*)::int AS total, (count(*) FILTER (WHERE NOT is_read))::int AS unread
  FROM mail_messages GROUP BY folder_id) c
WHERE f.id = c.folder_id;

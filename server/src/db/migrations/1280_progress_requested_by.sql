-- Who asked for a progress update: the owner, or an admin whose edit lowered a live
-- listing's progress. Such an edit is held like an owner's, and the admin who asked may not
-- approve it (a second pair of eyes). NULL on updates recorded before this migration.
ALTER TABLE progress_updates ADD COLUMN requested_by uuid REFERENCES users(id);

CREATE OR REPLACE FUNCTION bump_catalogue_version() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM nextval('catalogue_version');
  RETURN NULL;
END
$$;

CREATE OR REPLACE TRIGGER properties_catalogue_version AFTER INSERT OR UPDATE OR DELETE ON properties
  FOR EACH STATEMENT EXECUTE FUNCTION bump_catalogue_version();

CREATE OR REPLACE TRIGGER files_catalogue_version AFTER INSERT OR UPDATE OR DELETE ON files
  FOR EACH STATEMENT EXECUTE FUNCTION bump_catalogue_version();

CREATE OR REPLACE TRIGGER progress_updates_catalogue_version AFTER INSERT OR UPDATE OR DELETE ON progress_updates
  FOR EACH STATEMENT EXECUTE FUNCTION bump_catalogue_version();

-- Refuses a row as a CHECK constraint does (SQLSTATE 23514, the constraint's name, PostgreSQL's
-- own message), for the rules that hold a table's CHECKs in one function (<table>_checks).
CREATE OR REPLACE FUNCTION check_violated(p_table text, p_constraint text) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'new row for relation "%" violates check constraint "%"', p_table, p_constraint
    USING ERRCODE = 'check_violation', CONSTRAINT = p_constraint, TABLE = p_table, SCHEMA = current_schema();
END
$$;

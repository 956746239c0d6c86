-- Admin roles (least privilege): every admin holds exactly one of them, nobody else any.
-- Admins before this could do everything, so they keep that as SUPER_ADMIN.
ALTER TABLE users ADD COLUMN admin_role text;
UPDATE users SET admin_role = 'SUPER_ADMIN' WHERE role = 'ADMIN';
-- CASE, not OR: a NULL admin_role must fail the rule for an admin, not make it unknown (which passes).
ALTER TABLE users ADD CONSTRAINT users_admin_role_check CHECK (
    CASE WHEN role = 'ADMIN'
         THEN admin_role IS NOT NULL AND admin_role IN ('SUPER_ADMIN', 'COMPLIANCE', 'FINANCE', 'SUPPORT')
         ELSE admin_role IS NULL
    END);

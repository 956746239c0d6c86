-- The admin lists sort by a column the admin picks (?sort=&order=), the column then the id
-- the same way. The people lists are the long ones (100,000 and more): their name and e-mail
-- orders get an index each, by role as the lists filter, so a page reads its own rows (either
-- way: an index scans backwards as well) instead of sorting every person. The expressions
-- are the ones the list sorts by (users/service.ts USER_SORT_KEYS). Orders by amount, for
-- finance's largest-first view. The other sorts (status, country; the short queues) sort
-- what the filter leaves. Indexes only.
CREATE INDEX users_role_name_sort_idx ON users (role, lower(last_name || ' ' || first_name), id) WHERE deleted_at IS NULL;
CREATE INDEX users_role_email_sort_idx ON users (role, lower(email), id) WHERE deleted_at IS NULL;
CREATE INDEX orders_listed_amount_sort_idx ON orders (amount_cents, id) WHERE deleted_at IS NULL;

-- Issue 16: "most funded first" ranks by units sold (COMPLETED orders, settled_quantity),
-- no longer by total - available (which counted units reserved by pending orders).
CREATE INDEX properties_status_sold_idx ON properties (status, ((settled_quantity)::numeric / total_quantity) DESC, id);
DROP INDEX IF EXISTS properties_status_funded_idx;

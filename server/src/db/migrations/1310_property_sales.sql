-- A property's sale (modules/exits): the admin records the completed sale once; the rule
-- exits/sql/property_sales_after_insert.sql closes the market, pays the proceeds to the
-- holders, retires the units and disposes of the lots, all in the inserting transaction.

-- SOLD: the property was sold as a whole; nothing can be bought, sold or reported on it again.
ALTER TABLE properties DROP CONSTRAINT properties_status_check;
ALTER TABLE properties ADD CONSTRAINT properties_status_check
  CHECK (status = ANY (ARRAY['PENDING_REVIEW'::text, 'ACTIVE'::text, 'REJECTED'::text, 'FUNDED'::text, 'SOLD'::text]));

-- One sale per property (UNIQUE): a second record is refused, never paid twice.
CREATE TABLE property_sales (
  id uuid DEFAULT gen_random_uuid() PRIMARY KEY,
  seq bigint GENERATED ALWAYS AS IDENTITY UNIQUE,
  property_id uuid NOT NULL UNIQUE REFERENCES properties(id),
  -- Who funded the proceeds from their wallet: the listing's owner at the sale.
  owner_id uuid NOT NULL REFERENCES users(id),
  price_cents bigint NOT NULL CHECK (price_cents > 0),
  costs_cents bigint NOT NULL CHECK (costs_cents >= 0),
  fee_bps integer NOT NULL CHECK (fee_bps BETWEEN 0 AND 10000),
  fee_cents bigint NOT NULL CHECK (fee_cents >= 0),
  -- What the holders share: price - costs - fee, split over total_units.
  net_cents bigint NOT NULL CHECK (net_cents >= 0),
  total_units integer NOT NULL CHECK (total_units > 0),
  sold_on date NOT NULL,
  -- The sale's documents (deed, closing statement): file ids, as the admin attached them.
  documents jsonb NOT NULL DEFAULT '[]'::jsonb CHECK (jsonb_typeof(documents) = 'array'),
  note text NOT NULL DEFAULT '' CHECK (length(note) <= 2000),
  recorded_by uuid NOT NULL REFERENCES users(id),
  recorded_at timestamptz NOT NULL DEFAULT now(),
  CHECK (net_cents = price_cents - costs_cents - fee_cents)
);

-- The holders of record at the sale and their share, like distribution_holders: every unit of
-- the property once (the owner's row holds the units never sold, whose share it keeps).
CREATE TABLE sale_holders (
  sale_id uuid NOT NULL REFERENCES property_sales(id),
  holder_id uuid NOT NULL REFERENCES users(id),
  is_owner boolean NOT NULL,
  units integer NOT NULL CHECK (units > 0),
  cents bigint NOT NULL CHECK (cents >= 0),
  PRIMARY KEY (sale_id, holder_id, is_owner)
);
CREATE INDEX sale_holders_holder_idx ON sale_holders (holder_id);

-- Entries a sale posts name it (SALE_* types; ledger_entry_shape_ok checks their signs).
ALTER TABLE ledger_entries ADD COLUMN sale_id uuid REFERENCES property_sales(id);
ALTER TABLE ledger_entries ADD CONSTRAINT ledger_entries_sale_shape CHECK ((type LIKE 'SALE\_%') = (sale_id IS NOT NULL));
CREATE UNIQUE INDEX ledger_entries_sale_key ON ledger_entries (sale_id, user_id, type) WHERE sale_id IS NOT NULL;

-- A disposal comes from a trade or from the property's sale, exactly one.
ALTER TABLE lot_disposals ALTER COLUMN trade_id DROP NOT NULL;
ALTER TABLE lot_disposals ADD COLUMN sale_id uuid REFERENCES property_sales(id);
ALTER TABLE lot_disposals ADD CONSTRAINT lot_disposals_one_source CHECK ((trade_id IS NULL) <> (sale_id IS NULL));
CREATE UNIQUE INDEX lot_disposals_sale_key ON lot_disposals (sale_id, lot_id) WHERE sale_id IS NOT NULL;

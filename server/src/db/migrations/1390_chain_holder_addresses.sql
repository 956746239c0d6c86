-- Units at an investor's own wallet (docs/chain.md, "The investor's own wallet"). A holder's
-- units belong at their linked wallet, else at their custodial address, so one person may
-- have had units at several addresses: the mirror remembers each address it gave a
-- property's units to, and empties the ones the holder no longer uses.
CREATE TABLE chain_holder_addresses (
    chain_id bigint NOT NULL,
    property_id uuid NOT NULL REFERENCES properties(id) ON DELETE CASCADE,
    address text NOT NULL,
    user_id uuid NOT NULL REFERENCES users(id),
    PRIMARY KEY (chain_id, property_id, address),
    CONSTRAINT chain_holder_addresses_address_check CHECK (address ~ '^0x[0-9a-f]{40}$')
);
CREATE INDEX chain_holder_addresses_user_idx ON chain_holder_addresses (user_id);

-- Until now every unit went to a custodial address.
INSERT INTO chain_holder_addresses (chain_id, property_id, address, user_id)
SELECT h.chain_id, h.property_id, a.address, h.user_id
FROM chain_unit_holders h JOIN chain_addresses a ON a.user_id = h.user_id
ON CONFLICT DO NOTHING;

-- What the identity registry was told about each linked wallet (now or before): REGISTERED
-- (linked, verified), FROZEN (its person rejected) or REMOVED (unlinked).
CREATE TABLE chain_wallet_identities (
    chain_id bigint NOT NULL,
    address text NOT NULL,
    user_id uuid NOT NULL REFERENCES users(id),
    state text NOT NULL,
    updated_at timestamp with time zone DEFAULT now() NOT NULL,
    PRIMARY KEY (chain_id, address),
    CONSTRAINT chain_wallet_identities_address_check CHECK (address ~ '^0x[0-9a-f]{40}$'),
    CONSTRAINT chain_wallet_identities_state_check CHECK (state = ANY (ARRAY['REGISTERED'::text, 'FROZEN'::text, 'REMOVED'::text]))
);

-- The address each holder of record had in an anchored distribution's leaves: a root is
-- write-once, so its proofs keep the address it was built with after a link or an unlink.
CREATE TABLE chain_anchor_lines (
    chain_id bigint NOT NULL,
    distribution_id uuid NOT NULL REFERENCES distributions(id),
    user_id uuid NOT NULL REFERENCES users(id),
    address text NOT NULL,
    PRIMARY KEY (chain_id, distribution_id, user_id),
    CONSTRAINT chain_anchor_lines_address_check CHECK (address ~ '^0x[0-9a-f]{40}$')
);

-- Roots anchored until now were built with custodial addresses.
INSERT INTO chain_anchor_lines (chain_id, distribution_id, user_id, address)
SELECT DISTINCT c.chain_id, c.distribution_id, dh.holder_id, a.address
FROM chain_anchors c
JOIN distribution_holders dh ON dh.distribution_id = c.distribution_id
JOIN chain_addresses a ON a.user_id = dh.holder_id
ON CONFLICT DO NOTHING;

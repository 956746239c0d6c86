-- The embedded chain's bookkeeping (docs/chain.md): which contracts the platform deployed on
-- which chain, the custodial address of each investor (an index into the configured HD seed,
-- no private key), and what the mirror job last wrote. The ledger stays the truth; these rows
-- only say what the chain was told.

-- Contracts deployed by the operator, per chain id. Platform-wide ones have no property.
CREATE TABLE chain_contracts (
    chain_id bigint NOT NULL,
    name text NOT NULL,
    property_id uuid REFERENCES properties(id) ON DELETE CASCADE,
    address text NOT NULL,
    deployed_at timestamp with time zone DEFAULT now() NOT NULL,
    CONSTRAINT chain_contracts_name_check CHECK (name = ANY (ARRAY['IdentityRegistry'::text, 'PlatformToken'::text, 'MerkleAnchor'::text, 'PropertyUnitToken'::text])),
    CONSTRAINT chain_contracts_property_check CHECK ((name = 'PropertyUnitToken') = (property_id IS NOT NULL)),
    CONSTRAINT chain_contracts_address_check CHECK (address ~ '^0x[0-9a-f]{40}$')
);
CREATE UNIQUE INDEX chain_contracts_platform_key ON chain_contracts (chain_id, name) WHERE property_id IS NULL;
CREATE UNIQUE INDEX chain_contracts_property_key ON chain_contracts (chain_id, property_id) WHERE property_id IS NOT NULL;

-- Custodial addresses: derived from CHAIN_CUSTODY_MNEMONIC at hd_index, so a row holds
-- nothing secret. The address is stored so a lookup by address needs no derivation.
CREATE SEQUENCE chain_custody_index_seq AS integer MINVALUE 0 START WITH 0;
CREATE TABLE chain_addresses (
    user_id uuid PRIMARY KEY REFERENCES users(id),
    hd_index integer NOT NULL UNIQUE,
    address text NOT NULL UNIQUE,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    CONSTRAINT chain_addresses_index_check CHECK (hd_index >= 0),
    CONSTRAINT chain_addresses_address_check CHECK (address ~ '^0x[0-9a-f]{40}$')
);

-- What the identity registry was told per chain: REGISTERED (verified investor) or FROZEN
-- (rejected: removed from the registry and frozen on every unit token).
CREATE TABLE chain_identities (
    chain_id bigint NOT NULL,
    user_id uuid NOT NULL REFERENCES users(id),
    state text NOT NULL,
    updated_at timestamp with time zone DEFAULT now() NOT NULL,
    PRIMARY KEY (chain_id, user_id),
    CONSTRAINT chain_identities_state_check CHECK (state = ANY (ARRAY['REGISTERED'::text, 'FROZEN'::text]))
);

-- Per property, the fingerprint of the holdings last mirrored completely: the job touches
-- only properties whose holdings no longer match it.
CREATE TABLE chain_mirrored (
    chain_id bigint NOT NULL,
    property_id uuid NOT NULL REFERENCES properties(id) ON DELETE CASCADE,
    fingerprint text NOT NULL,
    mirrored_at timestamp with time zone DEFAULT now() NOT NULL,
    PRIMARY KEY (chain_id, property_id)
);

-- Everyone the mirror ever gave units of a property, so one who sold out is still checked.
CREATE TABLE chain_unit_holders (
    chain_id bigint NOT NULL,
    property_id uuid NOT NULL REFERENCES properties(id) ON DELETE CASCADE,
    user_id uuid NOT NULL REFERENCES users(id),
    PRIMARY KEY (chain_id, property_id, user_id)
);

-- One instance writes to the chain at a time (one operator nonce): a lease it renews each run.
CREATE TABLE chain_lease (
    id integer PRIMARY KEY DEFAULT 1,
    holder text NOT NULL,
    expires_at timestamp with time zone NOT NULL,
    CONSTRAINT chain_lease_single CHECK (id = 1)
);

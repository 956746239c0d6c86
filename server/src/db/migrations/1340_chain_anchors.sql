-- The Merkle roots the mirror anchored on chain (docs/chain.md), one row per root sent, so each
-- is sent once and a rerun of the job sends nothing again: per chain and property, kind 1 =
-- the holdings at a record date (ref: the date), kind 2 = a paid distribution's payments (ref:
-- its id). distribution_id is the distribution whose holders of record the tree was built from
-- (a correction shares its original's record date, so its holdings root is the original's).
CREATE TABLE chain_anchors (
    chain_id bigint NOT NULL,
    property_id uuid NOT NULL REFERENCES properties(id) ON DELETE CASCADE,
    kind smallint NOT NULL,
    ref text NOT NULL,
    key text NOT NULL,
    root text NOT NULL,
    leaf_count integer NOT NULL,
    distribution_id uuid NOT NULL REFERENCES distributions(id),
    -- Null when the root was found already on chain (a run that stopped after sending it).
    tx_hash text,
    anchored_at timestamp with time zone DEFAULT now() NOT NULL,
    PRIMARY KEY (chain_id, property_id, kind, ref),
    CONSTRAINT chain_anchors_kind_check CHECK (kind = ANY (ARRAY[1, 2])),
    CONSTRAINT chain_anchors_key_check CHECK (key ~ '^0x[0-9a-f]{64}$'),
    CONSTRAINT chain_anchors_root_check CHECK (root ~ '^0x[0-9a-f]{64}$'),
    CONSTRAINT chain_anchors_leaf_count_check CHECK (leaf_count > 0),
    CONSTRAINT chain_anchors_tx_hash_check CHECK (tx_hash ~ '^0x[0-9a-f]{64}$')
);
CREATE INDEX chain_anchors_distribution_idx ON chain_anchors (distribution_id);

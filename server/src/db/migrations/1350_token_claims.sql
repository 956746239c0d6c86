-- Platform-token claims and investors' own wallets (docs/chain.md, "Platform-token claims").
-- The ledger records a claim first; the chain job then mints it (PlatformToken.claim) and
-- marks it SENT with the transaction's hash. The rules on these tables live in
-- modules/chain/sql (token_claims_guard, wallet_links_guard).

-- One claim per person: the subscription's tokens, claimed whole, once.
CREATE TABLE token_claims (
    id uuid DEFAULT gen_random_uuid() PRIMARY KEY,
    user_id uuid NOT NULL UNIQUE REFERENCES users(id),
    amount integer NOT NULL,
    status text DEFAULT 'PENDING' NOT NULL,
    -- Where the tokens go: the linked wallet, else the custodial address; fixed once SENT.
    destination_address text,
    tx_hash text,
    chain_id bigint,
    -- The PlatformToken the claim was minted on: a chain that lost its contracts gets it again.
    token_address text,
    attempts integer DEFAULT 0 NOT NULL,
    last_error text,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    updated_at timestamp with time zone DEFAULT now() NOT NULL,
    sent_at timestamp with time zone,
    CONSTRAINT token_claims_amount_check CHECK (amount > 0),
    CONSTRAINT token_claims_status_check CHECK (status = ANY (ARRAY['PENDING'::text, 'SENT'::text, 'FAILED'::text])),
    CONSTRAINT token_claims_destination_check CHECK (destination_address ~ '^0x[0-9a-f]{40}$'),
    CONSTRAINT token_claims_tx_hash_check CHECK (tx_hash ~ '^0x[0-9a-f]{64}$'),
    CONSTRAINT token_claims_token_check CHECK (token_address ~ '^0x[0-9a-f]{40}$'),
    CONSTRAINT token_claims_sent_check CHECK (
        (status = 'SENT') = (tx_hash IS NOT NULL AND destination_address IS NOT NULL AND chain_id IS NOT NULL
                             AND token_address IS NOT NULL AND sent_at IS NOT NULL))
);
-- The contract keeps one claim per address: two people's claims to one address would mint once.
CREATE UNIQUE INDEX token_claims_destination_key ON token_claims (destination_address) WHERE destination_address IS NOT NULL;
CREATE INDEX token_claims_pending_idx ON token_claims (created_at) WHERE status = 'PENDING';

-- An investor's own wallet, proven by a signed Sign-In with Ethereum (EIP-4361) message:
-- one per person, and an address belongs to one person only. The message and its signature
-- are kept as the proof.
CREATE TABLE wallet_links (
    user_id uuid PRIMARY KEY REFERENCES users(id),
    address text NOT NULL UNIQUE,
    chain_id bigint NOT NULL,
    message text NOT NULL,
    signature text NOT NULL,
    linked_at timestamp with time zone DEFAULT now() NOT NULL,
    CONSTRAINT wallet_links_address_check CHECK (address ~ '^0x[0-9a-f]{40}$'),
    CONSTRAINT wallet_links_signature_check CHECK (signature ~ '^0x[0-9a-f]+$')
);

-- Single-use nonces for the messages above, ten minutes each.
CREATE TABLE wallet_link_nonces (
    nonce text PRIMARY KEY,
    user_id uuid NOT NULL REFERENCES users(id),
    expires_at timestamp with time zone NOT NULL,
    used_at timestamp with time zone,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    CONSTRAINT wallet_link_nonces_nonce_check CHECK (nonce ~ '^[A-Za-z0-9]{8,128}$')
);
CREATE INDEX wallet_link_nonces_user_idx ON wallet_link_nonces (user_id, created_at DESC);

-- Documents on holder votes (a broker's opinion, a repair quote): files of kind
-- PROPOSAL_DOCUMENT, tied to the property (as receipts are), linked to their proposal.
ALTER TABLE files DROP CONSTRAINT files_kind_check;
ALTER TABLE files ADD CONSTRAINT files_kind_check CHECK ((kind = ANY (ARRAY['AVATAR'::text, 'KYC'::text, 'BUSINESS_KYC'::text,
  'PROPERTY_IMAGE'::text, 'PROPERTY_DOCUMENT'::text, 'INCOME_RECEIPT'::text, 'APPRAISAL_DOCUMENT'::text, 'PROPOSAL_DOCUMENT'::text])));
ALTER TABLE files DROP CONSTRAINT files_property_or_revision;
ALTER TABLE files ADD CONSTRAINT files_property_or_revision CHECK ((((kind = ANY (ARRAY['PROPERTY_IMAGE'::text, 'PROPERTY_DOCUMENT'::text,
  'INCOME_RECEIPT'::text, 'APPRAISAL_DOCUMENT'::text, 'PROPOSAL_DOCUMENT'::text])) = ((property_id IS NOT NULL) OR (revision_id IS NOT NULL)))
  AND ((property_id IS NULL) OR (revision_id IS NULL)) AND ((revision_id IS NULL) OR (kind = ANY (ARRAY['PROPERTY_IMAGE'::text, 'PROPERTY_DOCUMENT'::text])))));

-- A file belongs to one proposal; the service adds them (the raiser, before the close).
CREATE TABLE proposal_documents (
  proposal_id uuid NOT NULL REFERENCES proposals(id),
  file_id uuid NOT NULL UNIQUE REFERENCES files(id),
  -- The order they were added in (one call adds several at the same now()).
  seq bigint GENERATED ALWAYS AS IDENTITY,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (proposal_id, file_id)
);

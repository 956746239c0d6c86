-- Issue 16: listing images and documents keep the order the owner chose, and a change to a
-- live listing (ACTIVE, FUNDED) is a revision under review: the live version stays on sale
-- until an admin approves the revision.

-- Order of a listing's files: 0 is the cover image (the first document is just the first).
ALTER TABLE files ADD COLUMN position integer NOT NULL DEFAULT 0 CHECK (position >= 0);
UPDATE files f SET position = o.n
  FROM (SELECT id, (row_number() OVER (PARTITION BY property_id, kind ORDER BY created_at, id) - 1)::integer AS n
          FROM files WHERE property_id IS NOT NULL) o
 WHERE f.id = o.id;
DROP INDEX files_property_idx;
CREATE INDEX files_property_idx ON files (property_id, kind, position, created_at) WHERE property_id IS NOT NULL;

CREATE TABLE property_revisions (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  property_id uuid NOT NULL REFERENCES properties (id) ON DELETE CASCADE,
  status text NOT NULL DEFAULT 'PENDING' CHECK (status IN ('PENDING', 'APPROVED', 'REJECTED')),
  -- The proposed values of the changed fields only, in the API's terms (unitPrice in cents):
  -- { "name": "...", "unitPriceCents": 5000, ... }
  fields jsonb NOT NULL DEFAULT '{}' CHECK (jsonb_typeof(fields) = 'object'),
  -- The proposed lists of file ids, in order (live files kept and files staged for this revision).
  images jsonb NOT NULL CHECK (jsonb_typeof(images) = 'array'),
  documents jsonb NOT NULL CHECK (jsonb_typeof(documents) = 'array'),
  reason text CHECK (reason IS NULL OR length(reason) BETWEEN 1 AND 1000),
  created_by uuid NOT NULL REFERENCES users (id),
  decided_by uuid REFERENCES users (id),
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  decided_at timestamptz,
  CHECK ((status = 'PENDING') = (decided_at IS NULL)),
  CHECK (status <> 'REJECTED' OR reason IS NOT NULL)
);
-- At most one revision under review per listing.
CREATE UNIQUE INDEX property_revisions_one_pending ON property_revisions (property_id) WHERE status = 'PENDING';
CREATE INDEX property_revisions_property_idx ON property_revisions (property_id, created_at DESC);
CREATE INDEX property_revisions_status_idx ON property_revisions (status, created_at DESC);

-- A file uploaded for a revision is staged: it belongs to the revision, not (yet) to the
-- live listing, so nothing that reads a listing's files sees it before approval.
ALTER TABLE files ADD COLUMN revision_id uuid REFERENCES property_revisions (id) ON DELETE CASCADE;
CREATE INDEX files_revision_idx ON files (revision_id) WHERE revision_id IS NOT NULL;
ALTER TABLE files DROP CONSTRAINT files_check;
ALTER TABLE files ADD CONSTRAINT files_property_or_revision CHECK (
  (kind IN ('PROPERTY_IMAGE', 'PROPERTY_DOCUMENT')) = (property_id IS NOT NULL OR revision_id IS NOT NULL)
  AND (property_id IS NULL OR revision_id IS NULL)
);

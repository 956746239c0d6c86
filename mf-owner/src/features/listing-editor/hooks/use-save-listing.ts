// Saving a listing: create it (or send the changed fields), then upload the new images
// and documents. A step that succeeded is not repeated: when an upload fails the listing
// is already saved, and the next save only retries the files.
import { useState } from 'react';
import {
  createOffPlanProperty,
  createRentalReadyProperty,
  readError,
  updateOwnedOffPlan,
  updateOwnedRentalReady,
  uploadPropertyDocuments,
  uploadPropertyImages,
} from 'shared-api';
import type { PropertyWithRevision } from 'shared-api/contract';
import { withRevisionApplied } from 'shared-api/contract/dashboard';
import { toInput, toUpdate, type ListingFormValues } from '../lib/listing-form';

export type SaveOutcome = { ok: true; fieldsChanged: boolean; filesAdded: boolean } | { ok: false; message: string };

export interface SaveInput {
  values: ListingFormValues;
  /** The saved listing, or null to create one. */
  property: PropertyWithRevision | null;
  images: File[];
  documents: File[];
}

export interface SaveCallbacks {
  /** The listing as the server now has it (after each step). */
  onSaved: (p: PropertyWithRevision) => void;
  /** A batch was uploaded: the picker empties. */
  onImagesUploaded: () => void;
  onDocumentsUploaded: () => void;
}

export function useSaveListing({ onSaved, onImagesUploaded, onDocumentsUploaded }: SaveCallbacks) {
  const [saving, setSaving] = useState(false);
  const [imageProgress, setImageProgress] = useState<number | null>(null);
  const [documentProgress, setDocumentProgress] = useState<number | null>(null);
  /** Set when the listing was saved but a file upload failed. */
  const [uploadError, setUploadError] = useState<string | null>(null);

  const save = async ({ values, property, images, documents }: SaveInput): Promise<SaveOutcome> => {
    setSaving(true);
    setUploadError(null);
    let p = property;
    let fieldsChanged = false;
    try {
      if (!p) {
        const body = toInput(values);
        const created = values.type === 'OFF_PLAN' ? await createOffPlanProperty(body) : await createRentalReadyProperty(body);
        p = { ...created, revision: null };
        onSaved(p);
      } else {
        // Compared with the listing as its pending revision leaves it (issue 16).
        const body = toUpdate(values, withRevisionApplied(p, p.revision));
        if (Object.keys(body).length > 0) {
          p = p.type === 'OFF_PLAN' ? await updateOwnedOffPlan(p._id, body) : await updateOwnedRentalReady(p._id, body);
          fieldsChanged = true;
          onSaved(p);
        }
      }
    } catch (err) {
      setSaving(false);
      return { ok: false, message: await readError(err) };
    }

    try {
      if (images.length > 0) {
        setImageProgress(0);
        p = await uploadPropertyImages(p._id, images, { onProgress: setImageProgress });
        onSaved(p);
        onImagesUploaded();
      }
      if (documents.length > 0) {
        setDocumentProgress(0);
        p = await uploadPropertyDocuments(p._id, documents, { onProgress: setDocumentProgress });
        onSaved(p);
        onDocumentsUploaded();
      }
    } catch (err) {
      const message = await readError(err);
      setUploadError(message);
      setSaving(false);
      return { ok: false, message };
    } finally {
      setImageProgress(null);
      setDocumentProgress(null);
    }
    setSaving(false);
    return { ok: true, fieldsChanged, filesAdded: images.length + documents.length > 0 };
  };

  return { save, saving, imageProgress, documentProgress, uploadError };
}

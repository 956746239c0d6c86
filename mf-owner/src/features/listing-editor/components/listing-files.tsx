import { useState } from 'react';
import { Box, IconButton, Link, Typography } from 'shared-ui/mui';
import { ChevronLeftIcon, ChevronRightIcon } from 'shared-ui/components';
import { CloseIcon, ConfirmDialog, FilePicker, PdfIcon, toast } from 'shared-ui';
import { deletePropertyFile, fileUrl, imageSources, readError, setPropertyFileOrder } from 'shared-api';
import {
  UPLOAD_MAX_FILES,
  displayFileName,
  type FileOrderBody,
  type FileRef,
  type ImageRef,
  type Property,
  type PropertyWithRevision,
} from 'shared-api/contract';
import { isLive } from 'shared-api/contract/dashboard';

/** The ids in a new order: the one at `from` moved to `to`. */
export function moved(ids: string[], from: number, to: number): string[] {
  const next = [...ids];
  const [id] = next.splice(from, 1);
  next.splice(to, 0, id);
  return next;
}

export interface ListingFilesProps {
  /** The saved listing (null while creating). */
  property: PropertyWithRevision | null;
  /** The listing as its pending revision would leave it (the files shown); defaults to `property`. */
  draft?: Property | null;
  onPropertyChange: (p: PropertyWithRevision) => void;
  images: File[];
  onImagesChange: (files: File[]) => void;
  documents: File[];
  onDocumentsChange: (files: File[]) => void;
  /** Upload progress of each batch, 0–1, while it is sent. */
  imageProgress: number | null;
  documentProgress: number | null;
  disabled?: boolean;
}

type Removal = { kind: 'image'; file: ImageRef; label: string } | { kind: 'document'; file: FileRef; label: string };

function room(kept: number, noun: string): { max: number; hint?: string } {
  const max = Math.max(0, UPLOAD_MAX_FILES - kept);
  if (kept === 0) return { max };
  if (max === 0) return { max, hint: `This listing has ${UPLOAD_MAX_FILES} ${noun}, the most it can have. Remove one to add another.` };
  return { max, hint: `${max} more can be added (at most ${UPLOAD_MAX_FILES} ${noun} per listing), up to 5MB each.` };
}

/**
 * Images and PDF documents: the uploaded ones (with removal) and new ones chosen
 * under spec 5's rules (5 MB each, at most 5 per listing), sent when the form is saved.
 */
export function ListingFiles({
  property,
  draft = property,
  onPropertyChange,
  images,
  onImagesChange,
  documents,
  onDocumentsChange,
  imageProgress,
  documentProgress,
  disabled = false,
}: ListingFilesProps) {
  const [removal, setRemoval] = useState<Removal | null>(null);
  const [removing, setRemoving] = useState(false);
  const [ordering, setOrdering] = useState(false);
  /** What the last reorder did, read out by screen readers. */
  const [orderStatus, setOrderStatus] = useState('');
  const live = property !== null && isLive(property);
  const keptImages = draft?.images ?? [];
  const keptDocuments = draft?.documents ?? [];

  const reorder = async (kind: FileOrderBody['kind'], ids: string[], done: string) => {
    if (!property) return;
    setOrdering(true);
    try {
      onPropertyChange(await setPropertyFileOrder(property._id, { kind, ids }));
      setOrderStatus(live ? `${done} The new order is sent for review with your other changes.` : done);
    } catch (err) {
      toast.error(await readError(err));
    } finally {
      setOrdering(false);
    }
  };
  const imageIds = keptImages.map((f) => f._id);
  const documentIds = keptDocuments.map((f) => f._id);
  const busy = disabled || ordering;
  const imageRoom = room(keptImages.length, 'images');
  const documentRoom = room(keptDocuments.length, 'documents');

  const remove = async () => {
    if (!property || !removal) return;
    setRemoving(true);
    try {
      onPropertyChange(await deletePropertyFile(property._id, removal.file._id));
      toast.success(live ? 'Removal sent for review' : removal.kind === 'image' ? 'Image removed' : 'Document removed');
      setRemoval(null);
    } catch (err) {
      toast.error(await readError(err));
    } finally {
      setRemoving(false);
    }
  };

  return (
    <Box sx={{ display: 'grid', gap: 3 }}>
      <Box>
        {keptImages.length > 0 && (
          <Box
            component="ul"
            aria-label="Uploaded images"
            sx={{ listStyle: 'none', p: 0, m: 0, mb: 2, display: 'flex', flexWrap: 'wrap', gap: 1.5 }}
          >
            {keptImages.map((img, i) => {
              const label = `image ${i + 1}`;
              return (
                <Box component="li" key={img._id} sx={{ minWidth: 120 }}>
                  <Box
                    sx={{
                      position: 'relative',
                      width: 120,
                      height: 90,
                      borderRadius: 2,
                      overflow: 'hidden',
                      border: 1,
                      borderColor: i === 0 ? 'primary.main' : 'divider',
                    }}
                  >
                    <Box
                      component="img"
                      {...imageSources(img)}
                      sizes="120px"
                      alt={`Uploaded ${label}${i === 0 ? ' (cover)' : ''}`}
                      loading="lazy"
                      decoding="async"
                      sx={{ width: '100%', height: '100%', objectFit: 'cover' }}
                    />
                    {i === 0 && (
                      <Box
                        component="span"
                        aria-hidden
                        sx={{
                          position: 'absolute',
                          left: 4,
                          bottom: 4,
                          px: 0.75,
                          borderRadius: 1,
                          bgcolor: 'primary.main',
                          color: 'primary.contrastText',
                          fontSize: 12,
                          fontWeight: 700,
                        }}
                      >
                        Cover
                      </Box>
                    )}
                    {!disabled && (
                      <IconButton
                        aria-label={`Remove uploaded ${label}`}
                        size="small"
                        onClick={() => setRemoval({ kind: 'image', file: img, label })}
                        sx={{ position: 'absolute', top: 4, right: 4, bgcolor: 'rgba(255,255,255,0.9)', '&:hover': { bgcolor: '#fff' } }}
                      >
                        <CloseIcon fontSize="small" />
                      </IconButton>
                    )}
                  </Box>
                  {!disabled && keptImages.length > 1 && (
                    <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', mt: 0.5 }}>
                      <IconButton
                        aria-label={`Move ${label} earlier`}
                        size="small"
                        disabled={busy || i === 0}
                        onClick={() => void reorder('PROPERTY_IMAGE', moved(imageIds, i, i - 1), `Image ${i + 1} moved to position ${i}.`)}
                      >
                        <ChevronLeftIcon fontSize="small" />
                      </IconButton>
                      {i > 0 ? (
                        <Link
                          component="button"
                          type="button"
                          variant="caption"
                          disabled={busy}
                          aria-label={`Make cover: ${label}`}
                          sx={{ whiteSpace: 'nowrap' }}
                          onClick={() => void reorder('PROPERTY_IMAGE', moved(imageIds, i, 0), `Image ${i + 1} is now the cover.`)}
                        >
                          Make cover
                        </Link>
                      ) : (
                        <Typography variant="caption" color="text.secondary">
                          Cover
                        </Typography>
                      )}
                      <IconButton
                        aria-label={`Move ${label} later`}
                        size="small"
                        disabled={busy || i === keptImages.length - 1}
                        onClick={() =>
                          void reorder('PROPERTY_IMAGE', moved(imageIds, i, i + 1), `Image ${i + 1} moved to position ${i + 2}.`)
                        }
                      >
                        <ChevronRightIcon fontSize="small" />
                      </IconButton>
                    </Box>
                  )}
                </Box>
              );
            })}
          </Box>
        )}
        <FilePicker
          label="Images"
          kind="images"
          multiple
          maxFiles={imageRoom.max}
          files={images}
          onChange={onImagesChange}
          onError={(m) => toast.error(m)}
          progress={images.map(() => imageProgress ?? undefined)}
          disabled={disabled || imageRoom.max === 0}
          helperText={
            imageRoom.hint ??
            (keptImages.length === 0 && images.length > 1 ? 'The first image is the cover: move them up or down to choose.' : undefined)
          }
          reorderable
          name="images"
        />
      </Box>

      <Box>
        {keptDocuments.length > 0 && (
          <Box component="ul" aria-label="Uploaded documents" sx={{ listStyle: 'none', p: 0, m: 0, mb: 2, display: 'grid', gap: 1 }}>
            {keptDocuments.map((doc, i) => (
              <Box
                component="li"
                key={doc._id}
                sx={{ display: 'flex', alignItems: 'center', gap: 1.5, p: 1, border: 1, borderColor: 'divider', borderRadius: 2 }}
              >
                <PdfIcon sx={{ color: 'error.main' }} />
                <Link
                  href={fileUrl(doc.url)}
                  target="_blank"
                  rel="noopener"
                  title={doc.name}
                  sx={{ flexGrow: 1, minWidth: 0, overflowWrap: 'anywhere' }}
                >
                  {displayFileName(doc.name)}
                </Link>
                {!disabled && keptDocuments.length > 1 && (
                  <>
                    <IconButton
                      aria-label={`Move document ${doc.name} up`}
                      size="small"
                      disabled={busy || i === 0}
                      onClick={() => void reorder('PROPERTY_DOCUMENT', moved(documentIds, i, i - 1), `${doc.name} moved to position ${i}.`)}
                    >
                      <ChevronLeftIcon fontSize="small" sx={{ transform: 'rotate(90deg)' }} />
                    </IconButton>
                    <IconButton
                      aria-label={`Move document ${doc.name} down`}
                      size="small"
                      disabled={busy || i === keptDocuments.length - 1}
                      onClick={() =>
                        void reorder('PROPERTY_DOCUMENT', moved(documentIds, i, i + 1), `${doc.name} moved to position ${i + 2}.`)
                      }
                    >
                      <ChevronRightIcon fontSize="small" sx={{ transform: 'rotate(90deg)' }} />
                    </IconButton>
                  </>
                )}
                {!disabled && (
                  <IconButton
                    aria-label={`Remove uploaded document ${doc.name}`}
                    size="small"
                    onClick={() => setRemoval({ kind: 'document', file: doc, label: doc.name })}
                  >
                    <CloseIcon fontSize="small" />
                  </IconButton>
                )}
              </Box>
            ))}
          </Box>
        )}
        <FilePicker
          label="Documents"
          kind="pdf"
          multiple
          maxFiles={documentRoom.max}
          files={documents}
          onChange={onDocumentsChange}
          onError={(m) => toast.error(m)}
          progress={documents.map(() => documentProgress ?? undefined)}
          disabled={disabled || documentRoom.max === 0}
          helperText={documentRoom.hint ?? 'Title deeds, valuations, floor plans: PDF, up to 5MB each, at most 5 files.'}
          reorderable
          name="documents"
        />
      </Box>

      <Typography role="status" variant="body2" color="text.secondary" sx={{ minHeight: '1.5em' }}>
        {orderStatus}
      </Typography>

      <ConfirmDialog
        open={removal !== null}
        title={removal?.kind === 'image' ? 'Remove this image?' : 'Remove this document?'}
        message={`${removal?.kind === 'image' ? `The uploaded ${removal.label}` : `“${removal?.label ?? ''}”`} ${live ? 'is removed when an admin approves your changes; the live listing keeps it until then.' : 'is removed from the listing right away.'}`}
        confirmLabel="Remove"
        loading={removing}
        onConfirm={() => void remove()}
        onCancel={() => setRemoval(null)}
      />
    </Box>
  );
}

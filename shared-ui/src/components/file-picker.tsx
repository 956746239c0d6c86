import { useEffect, useId, useReducer, useRef, useState, type ChangeEvent, type DragEvent } from 'react';
import { Box, IconButton, LinearProgress, Typography } from 'shared-ui/mui';
import { UPLOAD_MAX_FILES, UPLOAD_MAX_MB, allowedMimeTypes, displayFileName, validateFiles, type FileKind } from 'shared-api/contract';
import { CloseIcon, brand, visuallyHidden } from 'shared-ui/core';
import { ChevronLeftIcon, ChevronRightIcon, PdfIcon, UploadIcon } from 'shared-ui/components';

export interface FilePickerProps {
  /** Visible label and the input's accessible name. */
  label: string;
  /** Spec 5: 'images' (default), 'pdf' or 'pdf+images'. */
  kind?: FileKind;
  multiple?: boolean;
  /** Default 5 when multiple, else 1. */
  maxFiles?: number;
  /** The chosen files (controlled). */
  files: readonly File[];
  onChange: (files: File[]) => void;
  /** Called with the exact spec message when a selection is refused. */
  onError?: (message: string) => void;
  /** Upload progress per file (same order as `files`), 0–1. */
  progress?: readonly (number | null | undefined)[];
  disabled?: boolean;
  required?: boolean;
  helperText?: string;
  name?: string;
  /** Chosen files can be moved up and down (the order they are sent in), with buttons. */
  reorderable?: boolean;
}

/** A stable key per chosen File object, so a moved row keeps its element (and its focus). */
const fileKeys = new WeakMap<File, number>();
let nextFileKey = 0;
const keyOf = (f: File) => {
  let k = fileKeys.get(f);
  if (k === undefined) {
    k = ++nextFileKey;
    fileKeys.set(f, k);
  }
  return k;
};

const KIND_HINT: Record<FileKind, string> = {
  images: 'JPEG, PNG, WEBP or AVIF',
  pdf: 'PDF',
  'pdf+images': 'PDF, JPEG, PNG, WEBP or AVIF',
};

const isImage = (f: File) => f.type.startsWith('image/');

function formatSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${Math.round(bytes / 1024)} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}

/**
 * File input for spec 5's uploads: checks type, size and count with the
 * contract's messages, shows truncated names, image previews or a PDF icon,
 * removal buttons and optional per-file progress.
 */
export function FilePicker({
  label,
  kind = 'images',
  multiple = false,
  maxFiles,
  files,
  onChange,
  onError,
  progress,
  disabled = false,
  required = false,
  helperText,
  name,
  reorderable = false,
}: FilePickerProps) {
  const inputId = useId();
  const labelId = useId();
  const hintId = useId();
  const errorId = useId();
  const [error, setError] = useState<string | null>(null);
  const [dragging, setDragging] = useState(false);
  const limit = maxFiles ?? (multiple ? UPLOAD_MAX_FILES : 1);

  // Local previews: one object URL per image file, revoked when it leaves or on unmount.
  const urls = useRef(new Map<File, string>());
  const [, rerender] = useReducer((x: number) => x + 1, 0);
  useEffect(() => {
    const map = urls.current;
    let changed = false;
    for (const [file, url] of map) {
      if (!files.includes(file)) {
        URL.revokeObjectURL(url);
        map.delete(file);
        changed = true;
      }
    }
    if (typeof URL.createObjectURL === 'function') {
      for (const file of files) {
        if (isImage(file) && !map.has(file)) {
          map.set(file, URL.createObjectURL(file));
          changed = true;
        }
      }
    }
    if (changed) rerender();
  }, [files]);
  useEffect(() => {
    const map = urls.current;
    return () => {
      for (const url of map.values()) URL.revokeObjectURL(url);
      map.clear();
    };
  }, []);

  const fail = (message: string) => {
    setError(message);
    onError?.(message);
  };

  const accept = (list: FileList | null) => {
    const chosen = list ? Array.from(list) : [];
    if (chosen.length === 0) return;
    const message = validateFiles(chosen, kind, { maxFiles: limit, alreadySelected: multiple ? files.length : 0 });
    if (message) return fail(message);
    setError(null);
    onChange(multiple ? [...files, ...chosen] : chosen.slice(0, 1));
  };

  const onInput = (e: ChangeEvent<HTMLInputElement>) => {
    accept(e.target.files);
    // Choosing the same file again must fire change again.
    e.target.value = '';
  };
  const onDrop = (e: DragEvent) => {
    e.preventDefault();
    setDragging(false);
    if (!disabled) accept(e.dataTransfer.files);
  };
  const remove = (index: number) => {
    setError(null);
    onChange(files.filter((_, i) => i !== index));
  };

  const move = (from: number, to: number) => {
    const next = [...files];
    const [f] = next.splice(from, 1);
    next.splice(to, 0, f);
    onChange(next);
  };

  const hint = helperText ?? `${KIND_HINT[kind]}, up to ${UPLOAD_MAX_MB}MB${limit > 1 ? ` each, at most ${limit} files` : ''}.`;

  return (
    <Box>
      <Typography id={labelId} component="label" htmlFor={inputId} variant="body2" sx={{ display: 'block', fontWeight: 600, mb: 1 }}>
        {label}
        {required && (
          <Box component="span" aria-hidden sx={{ color: 'error.main' }}>
            {' *'}
          </Box>
        )}
      </Typography>
      <Box
        component="input"
        type="file"
        id={inputId}
        name={name}
        accept={allowedMimeTypes(kind).join(',')}
        multiple={multiple}
        disabled={disabled}
        required={required && files.length === 0}
        aria-labelledby={labelId}
        aria-describedby={error ? `${hintId} ${errorId}` : hintId}
        aria-invalid={error ? true : undefined}
        onChange={onInput}
        sx={{ ...visuallyHidden, '&:focus-visible + label': { outline: `3px solid ${brand.blue}`, outlineOffset: 2 } }}
      />
      <Box
        component="label"
        htmlFor={inputId}
        onDragOver={(e: DragEvent) => {
          e.preventDefault();
          if (!disabled) setDragging(true);
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={onDrop}
        sx={{
          display: 'flex',
          alignItems: 'center',
          gap: 1.5,
          p: 2,
          borderRadius: 2,
          border: '1.5px dashed',
          borderColor: error ? 'error.main' : dragging ? 'primary.main' : '#B8C4D6',
          bgcolor: dragging ? brand.blueSoft : 'background.paper',
          cursor: disabled ? 'not-allowed' : 'pointer',
          opacity: disabled ? 0.6 : 1,
          transition: 'border-color 150ms, background-color 150ms',
          '&:hover': disabled ? undefined : { borderColor: 'primary.main' },
        }}
      >
        <UploadIcon sx={{ color: 'primary.main', fontSize: 32 }} />
        <Box>
          <Typography variant="body2" sx={{ fontWeight: 600, color: 'primary.main' }}>
            {multiple ? 'Choose files' : 'Choose a file'}
            <Box component="span" sx={{ color: 'text.secondary', fontWeight: 400 }}>
              {multiple ? ' or drag them here' : ' or drag it here'}
            </Box>
          </Typography>
          <Typography id={hintId} variant="caption" color="text.secondary">
            {hint}
          </Typography>
        </Box>
      </Box>

      {error && (
        <Typography id={errorId} role="alert" variant="body2" color="error" sx={{ mt: 1 }}>
          {error}
        </Typography>
      )}

      {files.length > 0 && (
        <Box component="ul" aria-label={`${label}: chosen files`} sx={{ listStyle: 'none', p: 0, m: 0, mt: 1.5, display: 'grid', gap: 1 }}>
          {files.map((file, i) => {
            const preview = urls.current.get(file);
            const p = progress?.[i];
            return (
              <Box
                component="li"
                key={keyOf(file)}
                sx={{
                  display: 'flex',
                  alignItems: 'center',
                  gap: 1.5,
                  p: 1,
                  pr: 0.5,
                  borderRadius: 2,
                  border: 1,
                  borderColor: 'divider',
                  bgcolor: 'background.paper',
                }}
              >
                <Box
                  sx={{
                    width: 48,
                    height: 48,
                    flexShrink: 0,
                    borderRadius: 1.5,
                    overflow: 'hidden',
                    bgcolor: brand.blueSoft,
                    display: 'grid',
                    placeItems: 'center',
                  }}
                >
                  {preview ? (
                    <Box
                      component="img"
                      src={preview}
                      alt={`Preview of ${file.name}`}
                      sx={{ width: '100%', height: '100%', objectFit: 'cover' }}
                    />
                  ) : isImage(file) ? null : (
                    <PdfIcon titleAccess="PDF document" sx={{ color: brand.red }} />
                  )}
                </Box>
                <Box sx={{ minWidth: 0, flexGrow: 1 }}>
                  <Typography variant="body2" title={file.name} sx={{ fontWeight: 500, overflowWrap: 'anywhere' }}>
                    {displayFileName(file.name)}
                  </Typography>
                  <Typography variant="caption" color="text.secondary">
                    {formatSize(file.size)}
                  </Typography>
                  {typeof p === 'number' && (
                    <LinearProgress
                      variant="determinate"
                      value={Math.round(Math.min(1, Math.max(0, p)) * 100)}
                      aria-label={`Upload progress for ${file.name}`}
                      sx={{ mt: 0.5 }}
                    />
                  )}
                </Box>
                {reorderable && files.length > 1 && (
                  <>
                    <IconButton
                      aria-label={`Move ${file.name} up`}
                      onClick={() => move(i, i - 1)}
                      disabled={disabled || i === 0}
                      size="small"
                    >
                      <ChevronLeftIcon fontSize="small" sx={{ transform: 'rotate(90deg)' }} />
                    </IconButton>
                    <IconButton
                      aria-label={`Move ${file.name} down`}
                      onClick={() => move(i, i + 1)}
                      disabled={disabled || i === files.length - 1}
                      size="small"
                    >
                      <ChevronRightIcon fontSize="small" sx={{ transform: 'rotate(90deg)' }} />
                    </IconButton>
                  </>
                )}
                <IconButton aria-label={`Remove ${file.name}`} onClick={() => remove(i)} disabled={disabled} size="small">
                  <CloseIcon fontSize="small" />
                </IconButton>
              </Box>
            );
          })}
        </Box>
      )}
    </Box>
  );
}

// Health and file links.
import type { HealthStatus } from '../contract';
import { apiUrl, http } from '../client';

/** The API's health (GET /v1/health answers in every mode; GET / only without the web app). */
export const getHealth = (): Promise<HealthStatus> => http.get('v1/health').json<HealthStatus>();

/** Absolute URL of GET /download/{filename}. */
export const downloadUrl = (filename: string): string => apiUrl(`download/${encodeURIComponent(filename)}`);

/**
 * Absolute URL of a file link the API returned (ImageRef.url, FileRef.url, srcset entries
 * are '/download/...', signed with ?exp&sig when the file is private).
 */
export const fileUrl = (url: string): string => apiUrl(url);

/** An API image's `src` and `srcSet`, made absolute, to spread on an <img> (add `sizes`). */
export function imageSources(img: { url: string; srcset?: string | null }): { src: string; srcSet?: string } {
  return { src: fileUrl(img.url), srcSet: img.srcset ? absoluteSrcset(img.srcset) : undefined };
}

/** A srcset the API returned, made absolute. */
export const absoluteSrcset = (srcset: string): string =>
  srcset
    .split(',')
    .map((part) => {
      const [url, width] = part.trim().split(/\s+/);
      return `${apiUrl(url)} ${width ?? ''}`.trim();
    })
    .join(', ');

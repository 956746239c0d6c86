import { imageSources } from 'shared-api';
import type { ImageRef } from 'shared-api/contract';
import type { GalleryImage } from 'shared-ui/components';

export function galleryImages(images: readonly ImageRef[], name: string): GalleryImage[] {
  return images.map((img, i) => {
    const { src, srcSet } = imageSources(img);
    return { url: src, srcset: srcSet, alt: `${name}, photo ${i + 1} of ${images.length}` };
  });
}

/** 1536 → "1.5 KB", 2_500_000 → "2.4 MB". */
export function formatFileSize(bytes: number): string {
  if (!Number.isFinite(bytes) || bytes < 0) return '';
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1).replace(/\.0$/, '')} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1).replace(/\.0$/, '')} MB`;
}

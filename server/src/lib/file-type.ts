// What a file really is, from its first bytes (never from its name or declared type).
export type DetectedType = 'image/jpeg' | 'image/png' | 'image/webp' | 'image/avif' | 'application/pdf';

const ascii = (b: Buffer, start: number, end: number) => b.subarray(start, end).toString('latin1');

export function detectFileType(b: Buffer): DetectedType | null {
  if (b.length >= 3 && b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff) return 'image/jpeg';
  if (b.length >= 8 && b.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) return 'image/png';
  if (b.length >= 12 && ascii(b, 0, 4) === 'RIFF' && ascii(b, 8, 12) === 'WEBP') return 'image/webp';
  if (b.length >= 5 && ascii(b, 0, 5) === '%PDF-') return 'application/pdf';
  if (b.length >= 16 && ascii(b, 4, 8) === 'ftyp') {
    const boxSize = Math.min(b.readUInt32BE(0), b.length);
    const brands = [ascii(b, 8, 12)];
    for (let i = 16; i + 4 <= boxSize; i += 4) brands.push(ascii(b, i, i + 4));
    if (brands.includes('avif') || brands.includes('avis')) return 'image/avif';
  }
  return null;
}

export const EXTENSIONS: Record<DetectedType, string> = {
  'image/jpeg': 'jpg',
  'image/png': 'png',
  'image/webp': 'webp',
  'image/avif': 'avif',
  'application/pdf': 'pdf',
};

/** A file name safe to show and to put in Content-Disposition: no folders, no control characters. */
export function displayName(raw: string | undefined, fallback: string): string {
  const base = (raw ?? '').split(/[\\/]/).pop() ?? '';
  const clean = base
    // eslint-disable-next-line no-control-regex
    .replace(/[\u0000-\u001f\u007f"<>|:*?]/g, '')
    .replace(/^\.+/, '')
    .trim()
    .slice(0, 200);
  return clean || fallback;
}

/**
 * A file's name with the extension of what it really is (issue 16): the client's name keeps
 * its stem, never its extension ("x.html" holding a PDF is "x.pdf"; "photo.png" re-encoded
 * as WebP is "photo.webp"). A matching extension is kept as written.
 */
export function nameForType(name: string, type: DetectedType): string {
  const ext = EXTENSIONS[type];
  const same = type === 'image/jpeg' ? ['jpg', 'jpeg'] : [ext];
  const m = /^(.*)\.([A-Za-z0-9]{1,12})$/.exec(name);
  if (m && same.includes(m[2].toLowerCase())) return name;
  const stem = (m ? m[1] : name).replace(/\.+$/, '') || 'file';
  return `${stem}.${ext}`;
}

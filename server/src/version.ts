import { readFileSync } from 'node:fs';
import path from 'node:path';

// server/package.json is one folder up both from src/ and from the bundle in dist/.
function readVersion(): string {
  try {
    return (JSON.parse(readFileSync(path.join(__dirname, '..', 'package.json'), 'utf8')) as { version?: string }).version ?? '0.0.0';
  } catch {
    return '0.0.0';
  }
}

export const VERSION = readVersion();

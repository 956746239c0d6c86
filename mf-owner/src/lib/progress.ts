/** Off-plan construction progress: a whole percent (the server's rule). */
export const PROGRESS_MESSAGE = 'Construction progress must be a whole number from 0 to 100';
export const PROGRESS_NOTE_MAX = 1000;

export function isValidProgress(text: string): boolean {
  const t = text.trim();
  return /^\d+$/.test(t) && Number(t) <= 100;
}

// Records a check in docs/reliability.md from a test file (only when RELIABILITY_REPORT=1).
// eslint-disable-next-line @typescript-eslint/no-require-imports
const report = require('../reliability/report.cjs') as {
  record: (check: string, r: { tried: string; amount: string; result: string; ok: boolean; details?: unknown }) => boolean;
};

export const recordCheck = report.record;

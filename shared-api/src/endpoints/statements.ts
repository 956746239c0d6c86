// /v1/statements (issue 18): monthly statements (YYYY-MM) and annual tax summaries (YYYY),
// periods in UTC, as PDF or CSV. Fetched with the session's bearer token, then saved by the
// page (a Blob), like the CSV exports.
import type { StatementFormat, StatementPeriods } from '../contract';
import { http } from '../client';
import { id } from './query';

/** The signed-in investor's or owner's statement periods: months with activity and years, newest first. */
export const getMyStatementPeriods = (): Promise<StatementPeriods> => http.get('v1/statements').json<StatementPeriods>();

/** Own statement of a period (YYYY-MM or YYYY) as a PDF or CSV file. */
export const downloadMyStatement = (period: string, format: StatementFormat): Promise<Blob> =>
  http.get(`v1/statements/${id(period)}.${format}`).blob();

// ---- Admins ----

export const getUserStatementPeriods = (userId: string): Promise<StatementPeriods> =>
  http.get(`v1/admin/users/${id(userId)}/statements`).json<StatementPeriods>();

export const downloadUserStatement = (userId: string, period: string, format: StatementFormat): Promise<Blob> =>
  http.get(`v1/admin/users/${id(userId)}/statements/${id(period)}.${format}`).blob();

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

/**
 * Own year-end tax document of a year (YYYY, UTC) as a PDF or CSV file: income by property
 * (like a 1099-DIV), disposals with holding periods (like a 1099-B), an owner's summary.
 */
export const downloadMyTaxDocument = (year: string, format: StatementFormat): Promise<Blob> =>
  http.get(`v1/statements/tax/${id(year)}.${format}`).blob();

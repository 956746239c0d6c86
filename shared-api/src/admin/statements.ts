// /v1/statements: a person's statements and tax documents, downloaded by an admin (audited).
import type { StatementFormat, StatementPeriods } from '../contract';
import { http } from 'shared-api';
import { id } from '../endpoints/query';

export const getUserStatementPeriods = (userId: string): Promise<StatementPeriods> =>
  http.get(`v1/admin/users/${id(userId)}/statements`).json<StatementPeriods>();

export const downloadUserStatement = (userId: string, period: string, format: StatementFormat): Promise<Blob> =>
  http.get(`v1/admin/users/${id(userId)}/statements/${id(period)}.${format}`).blob();

export const downloadUserTaxDocument = (userId: string, year: string, format: StatementFormat): Promise<Blob> =>
  http.get(`v1/admin/users/${id(userId)}/statements/tax/${id(year)}.${format}`).blob();

// Issue 18: income reports, distributions, appraisals and the investor's returns.
// Routes and JSON shapes: server/README.md "Returns"; types: contract/returns.ts.
import type {
  DistributionDetail,
  Distribution,
  DistributionsQuery,
  IncomeReport,
  IncomeReportBody,
  IncomeReportsQuery,
  PortfolioReturns,
  PortfolioSummary,
  IncomeProducingState,
  PropertyPerformance,
  ReinvestSetting,
  SoldPropertyFigures,
} from '../contract';
import { http } from '../client';
import { upload, type UploadOptions } from '../upload';
import { filesForm, id, query } from './query';

type Progress = Pick<UploadOptions, 'onProgress' | 'signal'>;

// ---- Owners ----

/** Submits a period report (201). Receipts are added next with addIncomeReportReceipts. */
export const submitIncomeReport = (body: IncomeReportBody): Promise<IncomeReport> =>
  http.post('v1/income-reports', { json: body }).json<IncomeReport>();

/** Adds receipts (PDF or images, 5 MB each, at most 5 a call and 10 a report) to a report awaiting review. */
export const addIncomeReportReceipts = (reportId: string, files: readonly Blob[], opts: Progress = {}): Promise<IncomeReport> =>
  upload<IncomeReport>(`v1/income-reports/${id(reportId)}/receipts`, filesForm('files', files), { method: 'PATCH', ...opts });

/** The owner's reports, newest period first. */
export const getOwnedIncomeReports = (q: IncomeReportsQuery = {}): Promise<IncomeReport[]> =>
  http.get('v1/income-reports/owned', { searchParams: query(q) }).json<IncomeReport[]>();

/** One report (its owner or an admin). */
export const getIncomeReport = (reportId: string): Promise<IncomeReport> =>
  http.get(`v1/income-reports/${id(reportId)}`).json<IncomeReport>();

/** The distributions of the owner's properties, newest first. */
export const getOwnedDistributions = (q: DistributionsQuery = {}): Promise<Distribution[]> =>
  http.get('v1/distributions/owned', { searchParams: query(q) }).json<Distribution[]>();

/** An OFF_PLAN property's owner reports construction complete (then an admin may convert it). */
export const markConstructionComplete = (propertyId: string): Promise<IncomeProducingState> =>
  http.patch(`v1/properties/owned/${id(propertyId)}/construction-complete`).json<IncomeProducingState>();

// ---- Admins ----

/** One distribution with its holders of record (admins, and the property's owner). */
export const getDistribution = (distributionId: string): Promise<DistributionDetail> =>
  http.get(`v1/distributions/${id(distributionId)}`).json<DistributionDetail>();

// ---- Everyone ----

/** Latest appraisal, appraisal history and distribution history (public for live listings). */
export const getPropertyPerformance = (propertyId: string): Promise<PropertyPerformance> =>
  http.get(`v1/properties/${id(propertyId)}/performance`).json<PropertyPerformance>();

/** A sold property's final figures per unit (404 until it is sold). */
export const getSoldPropertyFigures = (propertyId: string): Promise<SoldPropertyFigures> =>
  http.get(`v1/properties/${id(propertyId)}/sale`).json<SoldPropertyFigures>();

// ---- Investors ----

/** Per-holding and total returns, income and value over time, distributions per property. */
export const getMyReturns = (): Promise<PortfolioReturns> => http.get('v1/holdings/returns').json<PortfolioReturns>();
/** The portfolio engine's figures: account value, returns, series (docs/portfolio-accounting.md). */
export const getMyPortfolio = (): Promise<PortfolioSummary> => http.get('v1/portfolio').json<PortfolioSummary>();

/** Reinvest this holding's income into more units of the same property when units are available. */
export const setReinvest = (propertyId: string, enabled: boolean): Promise<ReinvestSetting> =>
  http.put(`v1/holdings/${id(propertyId)}/reinvest`, { json: { enabled } }).json<ReinvestSetting>();

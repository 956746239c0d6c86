// Issue 18: income reports, distributions, appraisals and the investor's returns.
// Routes and JSON shapes: server/README.md "Returns"; types: contract/returns.ts.
import type {
  AdminDistributions,
  Appraisal,
  ApproveIncomeReportBody,
  CancelDistributionBody,
  CorrectDistributionBody,
  CorrectDistributionResult,
  CreateAppraisalBody,
  DistributionDetail,
  Distribution,
  DistributionsQuery,
  IncomeReport,
  IncomeReportBody,
  SentForApproval,
  IncomeReportsQuery,
  PayDistributionResult,
  PortfolioReturns,
  PortfolioSummary,
  IncomeProducingState,
  PropertyPerformance,
  RejectIncomeReportBody,
  ReinvestSetting,
  VoidAppraisalBody,
} from '../contract';
import { http } from '../client';
import { orSentForApproval } from './approvals';
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

/** The review queue and history (default: all, oldest SUBMITTED first). */
export const getAdminIncomeReports = (q: IncomeReportsQuery = {}): Promise<IncomeReport[]> =>
  http.get('v1/income-reports/admin', { searchParams: query(q) }).json<IncomeReport[]>();

/** Approves a report and declares its distribution. */
export const approveIncomeReport = (
  reportId: string,
  body: ApproveIncomeReportBody = {},
): Promise<{ report: IncomeReport; distribution: Distribution } | SentForApproval> =>
  orSentForApproval(http.patch(`v1/income-reports/${id(reportId)}/approve`, { json: body }));

export const rejectIncomeReport = (reportId: string, body: RejectIncomeReportBody): Promise<IncomeReport> =>
  http.patch(`v1/income-reports/${id(reportId)}/reject`, { json: body }).json<IncomeReport>();

/** Converts an OFF_PLAN FUNDED property whose construction is complete to income-producing. */
export const convertToIncomeProducing = (propertyId: string): Promise<IncomeProducingState> =>
  http.patch(`v1/properties/${id(propertyId)}/income-producing`).json<IncomeProducingState>();

/** Every distribution (upcoming, paid, refused) and the platform revenue balance. */
export const getAdminDistributions = (q: DistributionsQuery = {}): Promise<AdminDistributions> =>
  http.get('v1/distributions/admin', { searchParams: query(q) }).json<AdminDistributions>();

/** One distribution with its holders of record (admins, and the property's owner). */
export const getDistribution = (distributionId: string): Promise<DistributionDetail> =>
  http.get(`v1/distributions/${id(distributionId)}`).json<DistributionDetail>();

/** Pays now (snapshot first if the record date has not come): PAID, ALREADY_PAID or REFUSED. */
export const payDistribution = (distributionId: string): Promise<PayDistributionResult | SentForApproval> =>
  orSentForApproval(http.post(`v1/distributions/${id(distributionId)}/pay`));

/** Cancels a distribution not yet paid (admins); it never pays. */
export const cancelDistribution = (distributionId: string, body: CancelDistributionBody): Promise<Distribution> =>
  http.post(`v1/distributions/${id(distributionId)}/cancel`, { json: body }).json<Distribution>();

/** Corrects a PAID distribution (admins): reversed, and the corrected total paid instead. */
export const correctDistribution = (
  distributionId: string,
  body: CorrectDistributionBody,
): Promise<CorrectDistributionResult | SentForApproval> =>
  orSentForApproval(http.post(`v1/distributions/${id(distributionId)}/correct`, { json: body }));

/** Voids a mistaken appraisal (admins): kept on record, counted nowhere. */
export const voidAppraisal = (appraisalId: string, body: VoidAppraisalBody): Promise<Appraisal | SentForApproval> =>
  orSentForApproval(http.post(`v1/appraisals/${id(appraisalId)}/void`, { json: body }));

export const createAppraisal = (propertyId: string, body: CreateAppraisalBody): Promise<Appraisal | SentForApproval> =>
  orSentForApproval(http.post(`v1/properties/${id(propertyId)}/appraisals`, { json: body }));

/** Attaches the source document (one PDF, 5 MB) to an appraisal. */
export const uploadAppraisalDocument = (appraisalId: string, file: Blob, opts: Progress = {}): Promise<Appraisal> =>
  upload<Appraisal>(`v1/appraisals/${id(appraisalId)}/document`, filesForm('file', [file]), { method: 'PATCH', ...opts });

// ---- Everyone ----

/** Appraisal history, latest first (public for live listings). */
export const getAppraisals = (propertyId: string): Promise<Appraisal[]> =>
  http.get(`v1/properties/${id(propertyId)}/appraisals`).json<Appraisal[]>();

/** Latest appraisal, appraisal history and distribution history (public for live listings). */
export const getPropertyPerformance = (propertyId: string): Promise<PropertyPerformance> =>
  http.get(`v1/properties/${id(propertyId)}/performance`).json<PropertyPerformance>();

// ---- Investors ----

/** Per-holding and total returns, income and value over time, distributions per property. */
export const getMyReturns = (): Promise<PortfolioReturns> => http.get('v1/holdings/returns').json<PortfolioReturns>();
/** The portfolio engine's figures: account value, returns, series (docs/portfolio-accounting.md). */
export const getMyPortfolio = (): Promise<PortfolioSummary> => http.get('v1/portfolio').json<PortfolioSummary>();

/** Reinvest this holding's income into more units of the same property when units are available. */
export const setReinvest = (propertyId: string, enabled: boolean): Promise<ReinvestSetting> =>
  http.put(`v1/holdings/${id(propertyId)}/reinvest`, { json: { enabled } }).json<ReinvestSetting>();

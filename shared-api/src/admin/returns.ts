// Income reports, distributions and appraisals, as admins review, pay, correct and record them.
import type {
  AdminDistributions,
  Appraisal,
  ApproveIncomeReportBody,
  CancelDistributionBody,
  CorrectDistributionBody,
  CorrectDistributionResult,
  CreateAppraisalBody,
  Distribution,
  DistributionsQuery,
  IncomeReport,
  SentForApproval,
  IncomeReportsQuery,
  PayDistributionResult,
  IncomeProducingState,
  RejectIncomeReportBody,
  VoidAppraisalBody,
} from '../contract';
import { http, upload, type UploadOptions } from 'shared-api';
import { orSentForApproval } from './approvals';
import { filesForm, id, query } from '../endpoints/query';

type Progress = Pick<UploadOptions, 'onProgress' | 'signal'>;

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

/** Appraisal history, latest first (public for live listings). */
export const getAppraisals = (propertyId: string): Promise<Appraisal[]> =>
  http.get(`v1/properties/${id(propertyId)}/appraisals`).json<Appraisal[]>();

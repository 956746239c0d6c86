// The listing form (spec 3): its values as typed, the rules with their messages, the
// live derived figures and the request bodies. Limits are the server's (properties/schemas.ts).
import {
  annualReturn,
  dollarsToCents,
  totalValue,
  unitsTaken,
  type OffPlanPropertyInput,
  type OffPlanPropertyUpdate,
  type Property,
  type PropertyType,
  US_STATE_CODES,
} from 'shared-api/contract';
import { isLive } from 'shared-api/contract/dashboard';
import { PROGRESS_MESSAGE, isValidProgress } from '../../../lib/progress';

export interface ListingFormValues {
  type: PropertyType | '';
  name: string;
  address: string;
  /** Two-letter US state code. */
  state: string;
  totalQuantity: string;
  unitPrice: string;
  roiInFiveYears: string;
  description: string;
  /** Off-plan only: construction progress, 0–100. */
  progress: string;
}

export type ListingField = keyof ListingFormValues;
export type ListingFormErrors = Partial<Record<ListingField, string>>;

export const LIMITS = {
  name: 120,
  address: 200,
  description: 5000,
  totalQuantity: 10_000_000,
  unitPrice: 100_000_000,
  roiInFiveYears: 1000,
} as const;

export const LISTING_MESSAGES = {
  type: 'Please choose off-plan or rental-ready',
  name: 'Please enter the property name',
  address: 'Please enter the address',
  state: 'Please select the state',
  totalQuantity: 'Total units must be a whole number of at least 1',
  totalQuantityMax: `Total units can be at most ${LIMITS.totalQuantity.toLocaleString('en-US')}`,
  totalBelowSold: (sold: number) => `Total units cannot be below the ${sold.toLocaleString('en-US')} units already sold or reserved`,
  unitPrice: 'Unit price must be a number greater than zero',
  unitPriceDecimals: 'Unit price can have at most two decimals',
  unitPriceMax: `Unit price can be at most $${LIMITS.unitPrice.toLocaleString('en-US')}`,
  roi: `Five-year ROI must be a number from 0 to ${LIMITS.roiInFiveYears}`,
  roiDecimals: 'Five-year ROI can have at most two decimals',
  progress: PROGRESS_MESSAGE,
  tooLong: (what: string, max: number) => `${what} can be at most ${max.toLocaleString('en-US')} characters`,
  totalTooLarge: 'The total value of the property is too large',
} as const;

export const EMPTY_LISTING: ListingFormValues = {
  type: '',
  name: '',
  address: '',
  state: '',
  totalQuantity: '',
  unitPrice: '',
  roiInFiveYears: '',
  description: '',
  progress: '0',
};

const DECIMAL = /^\d+(\.\d+)?$/;
const decimals = (s: string) => s.split('.')[1]?.length ?? 0;

/** Parsed numbers of the form, or null where the text is not a usable number. */
export function numbersOf(v: ListingFormValues) {
  const units = v.totalQuantity.trim();
  const price = v.unitPrice.trim();
  const roi = v.roiInFiveYears.trim();
  return {
    totalQuantity: /^\d+$/.test(units) ? Number(units) : null,
    unitPrice: DECIMAL.test(price) && decimals(price) <= 2 ? Number(price) : null,
    roiInFiveYears: DECIMAL.test(roi) && decimals(roi) <= 2 ? Number(roi) : null,
  };
}

/** Live figures (spec 3): total value = unit price × units; annual return = five-year ROI / 5. */
export function derivedFigures(v: ListingFormValues): { totalValue: number | null; annualReturn: number | null } {
  const n = numbersOf(v);
  return {
    totalValue:
      n.totalQuantity !== null && n.unitPrice !== null ? totalValue({ totalQuantity: n.totalQuantity, unitPrice: n.unitPrice }) : null,
    annualReturn: n.roiInFiveYears !== null ? annualReturn({ roiInFiveYears: n.roiInFiveYears }) : null,
  };
}

export interface ListingRuleContext {
  /** Units investors already hold (edits of a live listing). */
  unitsSold?: number;
}

/** Every failing rule, one message per field, in the form's order. */
export function validateListing(v: ListingFormValues, ctx: ListingRuleContext = {}): ListingFormErrors {
  const e: ListingFormErrors = {};
  const n = numbersOf(v);
  if (!v.type) e.type = LISTING_MESSAGES.type;

  if (!v.name.trim()) e.name = LISTING_MESSAGES.name;
  else if (v.name.trim().length > LIMITS.name) e.name = LISTING_MESSAGES.tooLong('Name', LIMITS.name);
  if (!v.address.trim()) e.address = LISTING_MESSAGES.address;
  else if (v.address.trim().length > LIMITS.address) e.address = LISTING_MESSAGES.tooLong('Address', LIMITS.address);
  if (!US_STATE_CODES.includes(v.state)) e.state = LISTING_MESSAGES.state;

  const sold = ctx.unitsSold ?? 0;
  if (n.totalQuantity === null || n.totalQuantity < 1) e.totalQuantity = LISTING_MESSAGES.totalQuantity;
  else if (n.totalQuantity > LIMITS.totalQuantity) e.totalQuantity = LISTING_MESSAGES.totalQuantityMax;
  else if (n.totalQuantity < sold) e.totalQuantity = LISTING_MESSAGES.totalBelowSold(sold);

  const price = v.unitPrice.trim();
  if (!DECIMAL.test(price) || Number(price) <= 0) e.unitPrice = LISTING_MESSAGES.unitPrice;
  else if (decimals(price) > 2) e.unitPrice = LISTING_MESSAGES.unitPriceDecimals;
  else if (Number(price) > LIMITS.unitPrice) e.unitPrice = LISTING_MESSAGES.unitPriceMax;

  const roi = v.roiInFiveYears.trim();
  if (!DECIMAL.test(roi) || Number(roi) > LIMITS.roiInFiveYears) e.roiInFiveYears = LISTING_MESSAGES.roi;
  else if (decimals(roi) > 2) e.roiInFiveYears = LISTING_MESSAGES.roiDecimals;

  if (v.description.trim().length > LIMITS.description) e.description = LISTING_MESSAGES.tooLong('Description', LIMITS.description);

  if (v.type === 'OFF_PLAN') {
    if (!isValidProgress(v.progress)) e.progress = LISTING_MESSAGES.progress;
  }

  // The server keeps the total value in integer cents.
  if (!e.totalQuantity && !e.unitPrice && n.totalQuantity !== null && n.unitPrice !== null) {
    if (!Number.isSafeInteger(n.totalQuantity * dollarsToCents(n.unitPrice))) e.unitPrice = LISTING_MESSAGES.totalTooLarge;
  }
  return e;
}

/** The body of POST /v1/properties/owned/{off-plan|rental-ready}; call after validateListing passed. */
export function toInput(v: ListingFormValues): OffPlanPropertyInput {
  const n = numbersOf(v);
  const body: OffPlanPropertyInput = {
    name: v.name.trim(),
    address: v.address.trim(),
    state: v.state,
    description: v.description.trim(),
    totalQuantity: n.totalQuantity as number,
    unitPrice: n.unitPrice as number,
    roiInFiveYears: n.roiInFiveYears as number,
  };
  if (v.type === 'OFF_PLAN') body.progress = Number(v.progress.trim());
  return body;
}

export function fromProperty(p: Property): ListingFormValues {
  return {
    type: p.type,
    name: p.name,
    address: p.address,
    state: p.state,
    totalQuantity: String(p.totalQuantity),
    unitPrice: String(p.unitPrice),
    roiInFiveYears: String(p.roiInFiveYears),
    description: p.description,
    progress: String(p.progress ?? 0),
  };
}

/** Only the fields that changed, so an unchanged save sends nothing. */
export function toUpdate(v: ListingFormValues, original: Property): OffPlanPropertyUpdate {
  const next = toInput(v);
  const out: OffPlanPropertyUpdate = {};
  if (next.name !== original.name) out.name = next.name;
  if (next.address !== original.address) out.address = next.address;
  if (next.state !== original.state) out.state = next.state;
  if (next.description !== original.description) out.description = next.description;
  if (next.totalQuantity !== original.totalQuantity) out.totalQuantity = next.totalQuantity;
  if (next.unitPrice !== original.unitPrice) out.unitPrice = next.unitPrice;
  if (next.roiInFiveYears !== original.roiInFiveYears) out.roiInFiveYears = next.roiInFiveYears;
  if (original.type === 'OFF_PLAN' && next.progress !== (original.progress ?? 0)) out.progress = next.progress;
  return out;
}

/** What an owner may still change on a listing, following the server's rules (issue 16: a live listing takes revisions). */
export function editRules(p: Property | null) {
  // Sold or reserved: both lock the price and the least total (issue 16: reserved is not sold).
  const sold = p ? unitsTaken(p) : 0;
  const live = p !== null && isLive(p);
  return {
    unitsSold: sold,
    /** Live (ACTIVE, FUNDED): changes are a revision; the live version stays until an admin approves. */
    live,
    /** The price is fixed once units are sold. */
    priceLocked: sold > 0,
    /** Total units are fixed once units of a live listing are sold (holders' shares would change). */
    totalLocked: live && sold > 0,
    /** A live listing's progress is posted from Active listings (no review needed). */
    progressLocked: live,
    /** Saving changes sends a rejected listing back to review. */
    backToReview: p !== null && p.status === 'REJECTED',
  };
}

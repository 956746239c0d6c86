// A property's sale (an exit): an admin records the completed sale of a funded property
// (four eyes when configured); the database closes its market, pays the net proceeds to the
// holders pro rata in exact cents, retires the units and disposes of the lots.

/** The platform's sale fee: basis points of the sale price, charged to the owner's wallet. */
export const SALE_FEE_BPS = 100;

/** The sale fee in cents: price × bps / 10,000, rounded half up (as record_property_sale). */
export const saleFeeCents = (priceCents: number, bps: number = SALE_FEE_BPS): number => Math.floor((priceCents * bps + 5000) / 10000);

/** POST /v1/properties/:id/sale (admins): the completed sale, in dollars. */
export interface RecordSaleBody {
  /** What the buyer paid. */
  price: number;
  /** The sale's costs (agents, legal, taxes), paid out of the price. */
  costs: number;
  /** The completion date, YYYY-MM-DD, not in the future. */
  soldOn: string;
  /** Ids of the listing's documents (PROPERTY_DOCUMENT files) that evidence the sale. */
  documents?: string[];
  note?: string;
}

/** A recorded sale, as the console reads it. Amounts in dollars. */
export interface PropertySale {
  _id: string;
  propertyId: string;
  propertyName: string;
  price: number;
  costs: number;
  feeBps: number;
  fee: number;
  /** price - costs - fee: what the units share. */
  net: number;
  /** The share of the units never sold, kept by the owner (no entry). */
  ownerKept: number;
  /** What the holders were paid, together. */
  paidToHolders: number;
  holders: number;
  totalUnits: number;
  soldOn: string;
  documents: string[];
  note: string;
  recordedBy: string;
  recordedAt: string;
}

/**
 * GET /v1/properties/:id/sale (anyone), and `sale` of GET /v1/properties/:id: a sold
 * property's final figures, per unit for its first holders (bought at the listing's unit
 * price and held to the sale).
 */
export interface SoldPropertyFigures {
  propertyId: string;
  name: string;
  soldOn: string;
  salePrice: number;
  /** The sale's costs (agents, legal, taxes), paid out of the price. */
  costs: number;
  /** The platform's sale fee. */
  fee: number;
  /** price - costs - fee: what all the units shared. */
  netProceeds: number;
  totalUnits: number;
  unitPrice: number;
  /** The net proceeds each unit received. */
  proceedsPerUnit: number;
  /** Rental income paid per unit over the property's life (distributions paid, net of corrections). */
  incomePaidPerUnit: number;
  /** Income paid to all the units together. */
  incomePaid: number;
  /** (proceeds + income - unit price) / unit price, in percent, two decimals. */
  totalReturnPct: number;
}

/** The total return of a first holder's unit, in percent with two decimals. */
export const saleTotalReturnPct = (unitPriceCents: number, proceedsPerUnitCents: number, incomePerUnitCents: number): number =>
  unitPriceCents > 0 ? Math.round(((proceedsPerUnitCents + incomePerUnitCents - unitPriceCents) * 10000) / unitPriceCents) / 100 : 0;

/** The words of a sale's refusals, as the API answers them (tested to the letter). */
export const SALE_MESSAGES = {
  propertyNotFound: 'Property not found',
  notSold: 'This property has not been sold',
  priceNotPositive: 'The sale price must be more than $0.00',
  costsNegative: 'The costs cannot be negative',
  costsOverPrice: 'The costs cannot be more than the sale price',
  feeOverPrice: 'The costs and the sale fee cannot be more than the sale price',
  dateInFuture: 'The sale date cannot be in the future',
  alreadySold: 'This property is already sold',
  notFunded: 'Only a funded property can be sold',
  unpaidDistribution: 'This property has a distribution not paid yet: pay or cancel it before recording the sale',
  noVote: 'The holders have not passed a vote to sell this property',
  /** The refusal of a price below what the holders agreed to (record_property_sale words it the same). */
  belowAgreed: (floor: string) => `The holders agreed to sell at ${floor} or more: this price is below it`,
  /** The start of the refusal when the owner's wallet cannot fund the proceeds and fee. */
  ownerWalletShort: "The owner's wallet holds ",
  documentNotFound: "Each document must be one of the listing's documents",
} as const;

/** What the console says once a sale is recorded. */
export const saleRecordedMessage = (name: string, paid: string, holders: number): string =>
  `${name} is sold: ${paid} paid to ${holders} holder${holders === 1 ? '' : 's'}`;

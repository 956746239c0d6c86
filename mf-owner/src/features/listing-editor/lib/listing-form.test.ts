import { makeListing } from 'shared-api/testing';
import {
  EMPTY_LISTING,
  LISTING_MESSAGES,
  derivedFigures,
  editRules,
  fromProperty,
  toInput,
  toUpdate,
  validateListing,
  type ListingFormValues,
} from './listing-form';

const filled: ListingFormValues = {
  type: 'RENTAL_READY',
  name: '  Maple Court ',
  address: '12 Maple St, Austin',
  state: 'TX',
  totalQuantity: '1000',
  unitPrice: '50.25',
  roiInFiveYears: '40',
  description: 'Near the river.',
  progress: '0',
};

describe('validateListing', () => {
  test('an empty form names every required field', () => {
    expect(validateListing(EMPTY_LISTING)).toEqual({
      type: LISTING_MESSAGES.type,
      name: LISTING_MESSAGES.name,
      address: LISTING_MESSAGES.address,
      state: LISTING_MESSAGES.state,
      totalQuantity: LISTING_MESSAGES.totalQuantity,
      unitPrice: LISTING_MESSAGES.unitPrice,
      roiInFiveYears: LISTING_MESSAGES.roi,
    });
  });

  test('a complete form passes', () => {
    expect(validateListing(filled)).toEqual({});
    expect(validateListing({ ...filled, type: 'OFF_PLAN', progress: '35' })).toEqual({});
  });

  test.each([
    ['totalQuantity', '0', LISTING_MESSAGES.totalQuantity],
    ['totalQuantity', '2.5', LISTING_MESSAGES.totalQuantity],
    ['totalQuantity', '-4', LISTING_MESSAGES.totalQuantity],
    ['totalQuantity', '10000001', LISTING_MESSAGES.totalQuantityMax],
    ['unitPrice', '0', LISTING_MESSAGES.unitPrice],
    ['unitPrice', 'ten', LISTING_MESSAGES.unitPrice],
    ['unitPrice', '10.505', LISTING_MESSAGES.unitPriceDecimals],
    ['unitPrice', '100000001', LISTING_MESSAGES.unitPriceMax],
    ['roiInFiveYears', '1001', LISTING_MESSAGES.roi],
    ['roiInFiveYears', '-1', LISTING_MESSAGES.roi],
    ['roiInFiveYears', '12.345', LISTING_MESSAGES.roiDecimals],
    ['state', 'XX', LISTING_MESSAGES.state],
    ['name', '   ', LISTING_MESSAGES.name],
  ] as const)('%s = %p: %s', (field, value, message) => {
    expect(validateListing({ ...filled, [field]: value })[field]).toBe(message);
  });

  test('off-plan progress is a whole percent', () => {
    for (const bad of ['', '101', '12.5', 'x']) {
      expect(validateListing({ ...filled, type: 'OFF_PLAN', progress: bad }).progress).toBe(
        'Construction progress must be a whole number from 0 to 100',
      );
    }
    // Rental-ready listings have no progress to check.
    expect(validateListing({ ...filled, progress: 'x' }).progress).toBeUndefined();
  });

  test('total units cannot drop below the units sold', () => {
    expect(validateListing({ ...filled, totalQuantity: '99' }, { unitsSold: 100 }).totalQuantity).toBe(
      'Total units cannot be below the 100 units already sold or reserved',
    );
    expect(validateListing({ ...filled, totalQuantity: '100' }, { unitsSold: 100 })).toEqual({});
  });

  test('a total value beyond what cents can hold is refused', () => {
    expect(validateListing({ ...filled, totalQuantity: '10000000', unitPrice: '100000000' }).unitPrice).toBe(
      LISTING_MESSAGES.totalTooLarge,
    );
  });

  test('overlong text is refused with its limit', () => {
    expect(validateListing({ ...filled, name: 'x'.repeat(121) }).name).toBe('Name can be at most 120 characters');
    expect(validateListing({ ...filled, description: 'x'.repeat(5001) }).description).toBe('Description can be at most 5,000 characters');
  });
});

describe('derivedFigures', () => {
  test('total value and annual return follow spec 3, exact to the cent', () => {
    expect(derivedFigures(filled)).toEqual({ totalValue: 50250, annualReturn: 8 });
    expect(derivedFigures({ ...filled, totalQuantity: '3', unitPrice: '0.1', roiInFiveYears: '33' })).toEqual({
      totalValue: 0.3,
      annualReturn: 6.6,
    });
  });

  test('unusable input gives no figure', () => {
    expect(derivedFigures(EMPTY_LISTING)).toEqual({ totalValue: null, annualReturn: null });
    expect(derivedFigures({ ...filled, unitPrice: '1.234' }).totalValue).toBeNull();
  });
});

describe('request bodies', () => {
  test('a rental-ready body has no progress; an off-plan body has it', () => {
    expect(toInput(filled)).toEqual({
      name: 'Maple Court',
      address: '12 Maple St, Austin',
      state: 'TX',
      description: 'Near the river.',
      totalQuantity: 1000,
      unitPrice: 50.25,
      roiInFiveYears: 40,
    });
    expect(toInput({ ...filled, type: 'OFF_PLAN', progress: '20' }).progress).toBe(20);
  });

  test('an update sends only what changed', () => {
    const p = makeListing({ type: 'OFF_PLAN', progress: 10 });
    const same = fromProperty(p);
    expect(toUpdate(same, p)).toEqual({});
    expect(toUpdate({ ...same, name: 'Maple Court II', unitPrice: '55', progress: '15' }, p)).toEqual({
      name: 'Maple Court II',
      unitPrice: 55,
      progress: 15,
    });
  });
});

describe('editRules', () => {
  test('follow the server: a live listing takes revisions, sold units lock the price and (live) the total', () => {
    expect(editRules(null)).toMatchObject({ live: false, priceLocked: false, totalLocked: false, backToReview: false, unitsSold: 0 });
    expect(editRules(makeListing({ status: 'PENDING_REVIEW' }))).toMatchObject({ live: false, backToReview: false });
    expect(editRules(makeListing({ status: 'REJECTED' }))).toMatchObject({ live: false, backToReview: true });
    expect(editRules(makeListing({ status: 'ACTIVE', availableQuantity: 1900 }))).toMatchObject({
      live: true,
      backToReview: false,
      priceLocked: true,
      totalLocked: true,
      unitsSold: 100,
      progressLocked: true,
    });
    expect(editRules(makeListing({ status: 'ACTIVE' }))).toMatchObject({ live: true, priceLocked: false, totalLocked: false });
    expect(editRules(makeListing({ status: 'FUNDED', availableQuantity: 0 }))).toMatchObject({
      live: true,
      priceLocked: true,
      totalLocked: true,
    });
  });
});

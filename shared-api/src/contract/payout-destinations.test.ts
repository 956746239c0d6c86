import {
  accountNumberError,
  bicShapeError,
  describeDestination,
  holderNameError,
  ibanShapeError,
  isValidRoutingNumber,
  maskedNumber,
  PAYOUT_DESTINATION_MESSAGES as M,
  payoutDestinationErrors,
  routingNumberError,
} from './payout-destinations';

describe('payout destination validators', () => {
  it('checks the ABA routing checksum (3-7-1 weights, mod 10)', () => {
    expect(isValidRoutingNumber('011000015')).toBe(true);
    expect(isValidRoutingNumber('021000021')).toBe(true);
    expect(isValidRoutingNumber('0210 0002-1')).toBe(true);
    expect(isValidRoutingNumber('011000016')).toBe(false);
    expect(isValidRoutingNumber('000000000')).toBe(false);
    expect(routingNumberError('12345678')).toBe(M.routingFormat);
    expect(routingNumberError('12345678a')).toBe(M.routingFormat);
    expect(routingNumberError('123456789')).toBe(M.routingChecksum);
    expect(routingNumberError('021000021')).toBeNull();
  });

  it('accepts account numbers of 4 to 17 digits', () => {
    expect(accountNumberError('1234')).toBeNull();
    expect(accountNumberError('12345678901234567')).toBeNull();
    expect(accountNumberError('123')).toBe(M.accountFormat);
    expect(accountNumberError('123456789012345678')).toBe(M.accountFormat);
    expect(accountNumberError('12AB5')).toBe(M.accountFormat);
  });

  it('requires a holder name', () => {
    expect(holderNameError('  ')).toBe(M.holderRequired);
    expect(holderNameError('x'.repeat(141))).toBe(M.holderTooLong);
    expect(holderNameError('Jane Doe')).toBeNull();
  });

  it('checks the IBAN shape and mod-97 digits, and the BIC shape', () => {
    expect(ibanShapeError('DE89 3704 0044 0532 0130 00')).toBeNull();
    expect(ibanShapeError('gb82west12345698765432')).toBeNull();
    expect(ibanShapeError('DE89370400440532013001')).toBe(M.ibanInvalid);
    expect(ibanShapeError('DE89')).toBe(M.ibanInvalid);
    expect(bicShapeError('DEUTDEFF')).toBeNull();
    expect(bicShapeError('cobadeffxxx')).toBeNull();
    expect(bicShapeError('DEUT1EFF')).toBe(M.bicInvalid);
    expect(bicShapeError('DEUTDEF')).toBe(M.bicInvalid);
  });

  it('reports every field of a body, and masks to the last four', () => {
    expect(payoutDestinationErrors({ kind: 'US_ACH', holderName: '', routingNumber: '1', accountNumber: '1' })).toEqual({
      holderName: M.holderRequired,
      routingNumber: M.routingFormat,
      accountNumber: M.accountFormat,
    });
    expect(payoutDestinationErrors({ kind: 'IBAN', holderName: 'A', iban: 'DE89370400440532013000', bic: 'DEUTDEFF' })).toEqual({});
    expect(maskedNumber('6789')).toBe('•••• 6789');
    expect(describeDestination({ kind: 'US_ACH', last4: '6789', holderName: 'Jane' })).toBe('US bank account •••• 6789 · Jane');
  });
});

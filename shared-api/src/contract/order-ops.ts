// Deciding several primary-market orders at once (admins): only the console and the server
// use these, so they live in 'shared-api/contract/admin', which no other remote carries.
/** The most orders one bulk decision (POST /v1/orders/review) takes. */
export const ORDER_REVIEW_MAX = 100;

/** Orders, as admins decide several at once. */
export const ORDER_REVIEW_MESSAGES = {
  reasonRequired: 'Please give a reason for the rejection',
  duplicateOrder: 'An order is listed twice',
  tooMany: `Decide at most ${ORDER_REVIEW_MAX} orders at once`,
  none: 'Choose at least one order',
} as const;

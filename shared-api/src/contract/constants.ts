// Business constants and limits (spec 9). One place; everything else imports them.
export const BRAND = 'Tessera';
export const SUBSCRIPTION_FEE_USD = 15;
/** Platform tokens claimable after paying the early-access fee. */
export const SUBSCRIPTION_TOKENS = 15;
/** Largest single deposit (dollars). */
export const MAX_DEPOSIT_USD = 1_000_000;
/** Request header that makes a money call idempotent. */
export const IDEMPOTENCY_HEADER = 'Idempotency-Key';
export const CONTACT_FIELD_MAX = 25;
export const FOOTER_EMAIL_MAX = 25;
export const CONTACT_SEND_LOADING_MS = 3000;
export const FILE_NAME_DISPLAY_LIMIT = 20;
export const UPLOAD_MAX_MB = 5;
export const UPLOAD_MAX_BYTES = UPLOAD_MAX_MB * 1024 * 1024;
export const UPLOAD_MAX_FILES = 5;
export const PASSWORD_MIN_LENGTH = 8;
export const MOBILE_BREAKPOINT_PX = 1024;
/** The catalogue's page size (the shell's first-screen prefetch asks for the same page) and the largest page a list answers. */
export const PROPERTY_PAGE_SIZE = 12;
export const MAX_PAGE_SIZE = 100;
/**
 * The deepest catalogue page a page number reaches: a page number past it is refused (400,
 * CATALOGUE_MESSAGES.tooDeep); `nextCursor` reads on at any depth.
 */
export const MAX_CATALOGUE_PAGE = 500;
/** A name search counts its matches up to this many; past it the total is a lower bound (`totalExact: false`). */
export const CATALOGUE_SEARCH_COUNT_CAP = 1000;
export const CATALOGUE_MESSAGES = {
  tooDeep: `Page numbers stop at ${MAX_CATALOGUE_PAGE}: narrow the search (name, location, property type) or follow nextCursor to read further`,
  badCursor: 'This cursor is not valid for this list: start again from the first page',
} as const;
export const TOAST_DURATION_MS = 5000;
export const TOAST_MAX_NOTICES = 3;
export const QUESTIONNAIRE_INCOME_THRESHOLD_GBP = 100_000;
export const QUESTIONNAIRE_NET_ASSETS_THRESHOLD_GBP = 250_000;
export const QUESTIONNAIRE_INCOME_ROUNDING_GBP = 10_000;
export const STORAGE_KEYS = {
  authUser: 'authUser',
  accessToken: 'accessToken',
  checkoutStatus: 'checkoutStatus',
} as const;

/** Support threads: the longest message (a ticket's opening message, an answer or a reply). */
export const SUPPORT_MESSAGE_MAX = 5000;
export const SUPPORT_MESSAGES = {
  emptyMessage: 'Write a message before sending',
  tooLong: `A message can be at most ${SUPPORT_MESSAGE_MAX.toLocaleString('en-US')} characters`,
  closedReply: 'The ticket is closed: the person can reopen it by answering',
  contactAnswer: 'A contact-form message is answered by e-mail, not in the app',
  notContact: 'Only a reply to a contact-form message is sent by e-mail',
  alreadySent: 'This reply was already sent',
  closedAccount: "This person's account is closed: they can no longer read a reply in the app",
} as const;

// Handing a listing over to another verified owner (admins, audited, four eyes when
// configured), so an owner can leave. Admin-only words: the console bundles them via
// 'shared-api/contract/admin'.

/** POST /v1/properties/:id/handover: the user who owns the listing from now on. */
export interface HandOverPropertyBody {
  ownerId: string;
}

export const HANDOVER_MESSAGES = {
  propertyNotFound: 'Property not found',
  ownerNotFound: 'The new owner was not found',
  notAnOwner: 'The new owner must be a property owner account',
  ownerDeleted: "The new owner's account is closed",
  ownerNotVerified: 'The new owner must be verified before a listing can be handed over to them',
  sameOwner: 'This listing already belongs to that owner',
  openReports: 'This listing has an income report waiting for a decision: approve or reject it before handing the listing over',
  unpaidDistributions: 'This listing has a distribution not paid yet: pay or cancel it before handing the listing over',
} as const;

/** What the console says once a listing has changed owner. */
export const handedOverMessage = (ownerName: string): string => `Listing handed over to ${ownerName}`;

// GET /v1/admin/search?q=: one box on the console's overview finds people, properties and
// orders. Each kind is searched only when the admin's role may read it (ADMIN_ACCESS).
import type { AdminPermission } from './admin-roles';
import type { OrderStatus, PropertyStatus, Role, UserStatus } from './enums';

/** The query's bounds (after trimming); shorter or longer answers 400. */
export const ADMIN_SEARCH_MIN = 2;
export const ADMIN_SEARCH_MAX = 100;
/** The most results of each kind. */
export const ADMIN_SEARCH_LIMIT = 10;

export const ADMIN_SEARCH_KINDS = ['people', 'properties', 'orders'] as const;
export type AdminSearchKind = (typeof ADMIN_SEARCH_KINDS)[number];

/** What each kind needs: a role without it is not searched for that kind. */
export const ADMIN_SEARCH_PERMISSIONS: Record<AdminSearchKind, AdminPermission> = {
  people: 'people.read',
  properties: 'listings.read',
  orders: 'orders.read',
};

export const ADMIN_SEARCH_MESSAGES = {
  tooShort: `Type at least ${ADMIN_SEARCH_MIN} characters to search`,
} as const;

export interface AdminSearchPerson {
  _id: string;
  firstName: string;
  lastName: string;
  email: string;
  role: Extract<Role, 'INVESTOR' | 'PROPERTY_OWNER'>;
  status: UserStatus;
}

export interface AdminSearchProperty {
  _id: string;
  name: string;
  status: PropertyStatus;
}

export interface AdminSearchOrder {
  _id: string;
  investorId: string;
  investorName: string;
  propertyId: string;
  propertyName: string;
  /** Dollars. */
  amount: number;
  status: OrderStatus;
  createdAt: string;
}

export interface AdminSearchResults {
  q: string;
  /** The kinds searched (the role may read them); the others are empty. */
  searched: AdminSearchKind[];
  people: AdminSearchPerson[];
  properties: AdminSearchProperty[];
  orders: AdminSearchOrder[];
}

// /v1/orders: every order, one person's orders, and their review.
import type { MessageResult, Order, OrdersQuery, Page, ReviewOrderBody, ReviewOrdersBody, SentForApproval } from '../contract';
import { http } from 'shared-api';
import { orSentForApproval } from './approvals';
import { id, query } from '../endpoints/query';

export const getAllOrders = (q: OrdersQuery = {}): Promise<Page<Order>> =>
  http.get('v1/orders/admin', { searchParams: query(q) }).json<Page<Order>>();

export const getUserOrders = (userId: string, q: OrdersQuery = {}): Promise<Page<Order>> =>
  http.get(`v1/orders/${id(userId)}/admin`, { searchParams: query(q) }).json<Page<Order>>();

/** APPROVE: COMPLETED (holding credited, owner paid); REJECT: refunded, units released. */
export const reviewOrder = (orderId: string, body: ReviewOrderBody): Promise<Order> =>
  http.patch(`v1/orders/${id(orderId)}/review`, { json: body }).json<Order>();

/** Admins: several PENDING orders approved or rejected at once (all or none); with four eyes,
 *  approving a lot above the payout threshold waits for a second admin. */
export const reviewOrders = (body: ReviewOrdersBody): Promise<Order[] | SentForApproval> =>
  orSentForApproval(http.post('v1/orders/review', { json: body }));

/** Removes a rejected or cancelled order from the lists (its ledger entries stay). */
export const deleteOrder = (orderId: string): Promise<MessageResult> => http.delete(`v1/orders/${id(orderId)}`).json<MessageResult>();

// /v1/orders (spec 7): buy units, the investor's orders, admins' lists and review.
import type { CreateOrderBody, IdempotencyOptions, Order, OrdersQuery, Page } from '../contract';
import { http } from '../client';
import { id, idempotencyHeaders, query } from './query';

/** PENDING with the money held and the units reserved; the price is the property's. */
export const createOrder = (body: CreateOrderBody, opts: IdempotencyOptions = {}): Promise<Order> =>
  http.post('v1/orders', { json: body, headers: idempotencyHeaders(opts) }).json<Order>();

export const getMyOrders = (q: OrdersQuery = {}): Promise<Page<Order>> =>
  http.get('v1/orders', { searchParams: query(q) }).json<Page<Order>>();

export const getOrder = (orderId: string): Promise<Order> => http.get(`v1/orders/${id(orderId)}`).json<Order>();

/** The investor's own PENDING order: refunded, units released. */
export const cancelOrder = (orderId: string): Promise<Order> => http.patch(`v1/orders/${id(orderId)}/cancel`).json<Order>();

// The payments module's public surface: other modules, plugins and app.ts import it from here,
// never from its files.
export { default as paymentRoutes } from './routes';
export { createPaymentProvider, type PaymentProvider, type SettlementRecord } from './provider';
export { Amount, CheckoutSchema, ReturnPath } from './schemas';
export { createCheckout, requestPublicOrigin } from './service';

// The wallets module's public surface: other modules, plugins and app.ts import it from here,
// never from its files.
export { default as walletRoutes } from './routes';
export { PayoutSchema } from './schemas';
export { accountClosingRefusals, toPayout, toPayouts } from './service';

// The auth module's public surface: other modules, plugins and app.ts import it from here,
// never from its files.
export { default as authRoutes } from './routes';
export { hasSecondFactor, mustEnrol as mustEnrolSecondFactor, resealSecrets as resealTwoFactorSecrets } from './two-factor';

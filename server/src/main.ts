// Process entry: configuration, the app, listen, graceful shutdown.
import closeWithGrace from 'close-with-grace';
import { buildApp } from './app';
import { loadConfigOrExit, type Config } from './config';
import { demoAccounts } from './db/seed';

function printAccounts(config: Config, seeded: boolean): void {
  const lines = demoAccounts(config.adminEmail, config.adminPassword).map(
    (a) => `  ${a.role.padEnd(15)} ${a.email.padEnd(28)} ${a.password.padEnd(14)} (${a.note})`,
  );
  const head = seeded ? 'Demo accounts created:' : 'Demo accounts (created on first start, unless changed since):';
  process.stdout.write(`\n${head}\n${lines.join('\n')}\n\n`);
}

async function main(): Promise<void> {
  const config = loadConfigOrExit();
  const app = await buildApp(config);
  closeWithGrace({ delay: 10_000 }, async ({ signal, err }) => {
    if (err) app.log.error({ err }, 'shutting down after an error');
    else app.log.info({ signal }, 'shutting down');
    await app.close();
  });
  await app.listen({ port: config.port, host: config.host });
  if (config.seed) printAccounts(config, app.seedReport !== null);
  if (app.mailer.outboxFile) app.log.info({ outbox: app.mailer.outboxFile }, 'no SMTP_URL: e-mails go to the outbox file');
  if (app.payments.name === 'sandbox')
    app.log.warn('PAYMENTS_PROVIDER=sandbox: checkouts are paid on a test page ("Sandbox — no real money")');
  app.log.info(
    {
      docs: `${config.publicUrl}/v1/docs`,
      database: app.database.kind,
      webRoot: config.webRoot,
      payments: app.payments.name,
      chain: app.chain?.rpcUrl ?? 'off',
    },
    'Tessera API ready',
  );
}

main().catch((err: unknown) => {
  process.stderr.write(`Could not start: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`);
  process.exit(1);
});

// `tsx server/scripts/close-votes-now.ts <property id>`, with the environment of a stopped
// server (DATA_DIR, or DATABASE_URL): brings the close time of the property's open votes to
// now (vote-fixtures.ts closeVotesNow), so the server closes them by their rule on its next
// read. For the browser journeys' own databases (a vote stays open two days at least); PGlite
// is one process, so the server using the folder must be stopped first.
import { loadConfigOrExit } from '../src/config';
import { createDatabase } from '../src/db/client';
import { closeVotesNow } from './vote-fixtures';

async function main(): Promise<void> {
  const propertyId = process.argv[2] ?? '';
  const database = await createDatabase(loadConfigOrExit());
  try {
    let moved = 0;
    await database.runInTransaction(async (exec) => {
      moved = await closeVotesNow((s) => exec(s), propertyId);
    });
    process.stdout.write(`${JSON.stringify({ propertyId, moved })}\n`);
  } finally {
    await database.close();
  }
}

main().catch((err: unknown) => {
  process.stderr.write(`${err instanceof Error ? err.message : String(err)}\n`);
  process.exit(1);
});

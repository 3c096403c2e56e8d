// npm run reconcile: the money check (domain/money-check.ts) on the store the server would use: the
// lowdb database of DATA_DIR (stop the server first: it holds the data-dir lock) or DATABASE_URL.
// Compares every order and payout with the payment provider's own objects, prints each mismatch and a
// summary line, and keeps the report for /admin. Exit code: 0 when all agree, 1 when something does not
// (or the provider did not answer for some orders), 2 when the check could not run.
// `npm run reconcile -- --since-days=30` checks only the orders of the last 30 days.
import { Console } from 'node:console';
import { ConfigError, loadConfig } from '../src/config.ts';
import { checkMoney, keepMoneyCheck, mismatchLine, summaryLine } from '../src/domain/money-check.ts';
import { createMemoryOutbox } from '../src/mail/outbox.ts';
import { createPayments } from '../src/payments/index.ts';
import { openStore, type OpenedStore } from '../src/storage/open-store.ts';

const sinceArg = process.argv.slice(2).find((arg) => arg.startsWith('--since-days='));
const sinceDays = sinceArg ? Number(sinceArg.slice('--since-days='.length)) : undefined;
if (sinceDays !== undefined && (!Number.isInteger(sinceDays) || sinceDays < 1)) {
  console.error(`--since-days must be a whole number of days, 1 or more (got "${sinceArg}").`);
  process.exit(2);
}

let opened: OpenedStore | undefined;
try {
  const config = loadConfig();
  const now = () => new Date();
  // notes of the check go to stderr, every level: stdout holds the report
  const log = new Console({ stdout: process.stderr });
  opened = await openStore(config, now(), { poolSize: 4 });
  const store = opened.store;
  // The check only reads the provider, so nothing is mailed; an outbox in memory keeps DATA_DIR as it was.
  const payments = createPayments({ config, store, mailer: createMemoryOutbox().mailer, now, log });
  const report = await checkMoney(
    { store, provider: payments.provider, now, log },
    sinceDays === undefined ? {} : { sinceDays },
  );
  await keepMoneyCheck(store, report);
  for (const mismatch of report.mismatches) console.log(mismatchLine(mismatch));
  for (const failure of report.failures) console.log(`${failure.reference} not checked: ${failure.message}`);
  console.log(summaryLine(report));
  process.exitCode = report.mismatchCount > 0 || report.failureCount > 0 ? 1 : 0;
} catch (error) {
  console.error(
    error instanceof ConfigError
      ? error.message
      : `The money check could not run: ${error instanceof Error ? error.message : String(error)}`,
  );
  process.exitCode = 2;
} finally {
  await opened?.store.close();
}

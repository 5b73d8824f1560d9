import { isWholeAddress, openForExport } from './export';
import { failInOneLine } from './one-line';

/**
 * `npm run forms:erase -- <email>` (issue 33, a person's request to be forgotten): deletes every
 * contact message that concerns the address (as sender, or as a family or school address in it),
 * its newsletter sign-up, the mails queued about them and the problem reports whose words carry it
 * (issue 51), in one transaction, from the store at
 * DATABASE_URL or DATA_DIR/site.db; safe while the server runs. The line it prints (the record an
 * operator keeps of the erasure) gives the counts and the time, never the address.
 * Copies outside the store are not reached: mails already sent to MAIL_TO, and backups.
 */
const email = process.argv[2]?.trim();
if (!isWholeAddress(email) || process.argv.length > 3) failInOneLine('forms:erase', new Error('name one whole address: npm run forms:erase -- someone@example.org'));
const { store, local } = await openForExport(process.env).catch((error: unknown) => failInOneLine('forms:erase', error));
try {
  const erased = await store.erase(email);
  console.log(
    `forms:erase ${new Date().toISOString()}: erased ${erased.messages} message(s), ${erased.signUps} newsletter sign-up(s), ${erased.mails} queued or sent mail record(s), ${erased.reports} problem report(s) for one address (not logged)`,
  );
} catch (error) {
  failInOneLine('forms:erase', error);
} finally {
  await store.close();
  local?.close();
}

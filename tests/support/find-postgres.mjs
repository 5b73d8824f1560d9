// A step of `npm test`: fail at once, in one line, when there is no PostgreSQL for the server suite.
import { MISSING_POSTGRES, findPostgresBin } from './postgres-bin.mjs';

if (!findPostgresBin()) {
  console.error(MISSING_POSTGRES);
  process.exit(1);
}

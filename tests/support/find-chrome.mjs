// First step of `npm test`, `npm run test:e2e` and `npm run bench:visitor`: fail at once, in one line, when there is no browser for the e2e suite.
import { HOW_TO_GET_CHROMIUM, findChromium } from './chrome.mjs';

if (!(await findChromium())) {
  console.error(process.env.CHROME_PATH ? `CHROME_PATH=${process.env.CHROME_PATH} is not there. ${HOW_TO_GET_CHROMIUM}` : HOW_TO_GET_CHROMIUM);
  process.exit(1);
}

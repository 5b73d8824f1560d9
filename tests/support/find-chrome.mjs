// First step of `npm test`: fail at once, in one line, when there is no browser for the e2e suite.
import { HOW_TO_GET_CHROMIUM, findChromium } from './chrome.mjs';

if (!(await findChromium())) {
  console.error(HOW_TO_GET_CHROMIUM);
  process.exit(1);
}

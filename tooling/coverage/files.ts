import { join } from 'node:path';

/** Where machine coverage lives (git-ignored, under coverage/): one raw file per test file, then the report. */
export const root = join(import.meta.dirname, '../..');
export const coverageDir = join(root, 'coverage', 'machines');
export const rawDir = join(coverageDir, 'raw');

/**
 * One problem in a content file, where it is (file:line:column) and what to change: the loader
 * (load.ts) and the link check (links.ts) collect them, the build and check:content print them.
 */
export interface ContentProblem {
  file: string;
  line: number;
  column: number;
  message: string;
}

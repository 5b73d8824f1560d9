import { VIEW_CHUNK_NAME } from './budget.ts';

/**
 * V8's explicit compile hint (Chromium 136 and later; other engines read a comment): a script whose
 * first line is this comment has every function compiled as the file streams in, on a background
 * thread, instead of lazily on the main thread the first time each runs.
 */
export const COMPILE_HINT = '//# allFunctionsCalledOnLoad';

/**
 * The client build's `output.postBanner` (added after minification, which drops comments): the hint
 * on every chunk but React's. The entry, the runtime, the behaviours and their kits run as the page
 * starts or as a behaviour answers a first tap, and a lazy compile of their functions was the
 * page's main thread work both times (issue 49). Most of react-dom's functions never run on a page,
 * so its chunk is left to V8's lazy compile. The hint costs about 24 bytes of gzip a file.
 */
export function compileHint(chunk: { name: string }): string {
  return chunk.name === VIEW_CHUNK_NAME ? '' : COMPILE_HINT;
}

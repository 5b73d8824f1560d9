/**
 * V8's explicit compile hint (Chromium 136 and later; other engines read a comment): a script whose
 * first line is this comment has every function compiled as the file streams in, on a background
 * thread, instead of lazily on the main thread the first time each runs.
 */
export const COMPILE_HINT = '//# allFunctionsCalledOnLoad';

/**
 * The packages whose functions a page runs as it starts: the engine itself (a site that installs it
 * builds the runtime and the behaviours from node_modules/sitecharts) and the statecharts' interpreter.
 */
export const EAGER_PACKAGES: readonly string[] = ['sitecharts', 'xstate'];

/** What a chunk's postBanner is told of it (rolldown's RenderedChunk, the part read here). */
export interface HintedChunk {
  modules: Record<string, { renderedLength: number }>;
}

/** The package a module comes from (`react-dom`, `@scope/name`), or undefined for the site's and the engine's own code. */
export function packageOf(id: string): string | undefined {
  const at = id.lastIndexOf('/node_modules/');
  if (at === -1) return undefined;
  const [first = '', second = ''] = id.slice(at + '/node_modules/'.length).split('/');
  return first.startsWith('@') ? `${first}/${second}` : first;
}

/**
 * The client build's `output.postBanner` (added after minification, which drops comments): the hint
 * on every chunk that is mostly the engine's, the site's or xstate's code. The entry, the runtime, the
 * behaviours and their kits run as the page starts or as a behaviour answers a first tap, and a lazy
 * compile of their functions was the page's main thread work both times (issue 49). A chunk that is
 * mostly another library is left to V8's lazy compile: a page calls few of react-dom's functions, of
 * hls.js's (578 KB) or of the inspector's graph layout (elk, 1.4 MB): with those hinted too, a fuzzed
 * session's script streaming took 441 ms of the renderer's background threads, 248 ms without. The
 * hint costs about 24 bytes of gzip a file.
 */
export function compileHint(chunk: HintedChunk): string {
  let library = 0;
  let total = 0;
  for (const [id, module] of Object.entries(chunk.modules)) {
    total += module.renderedLength;
    const from = packageOf(id);
    if (from !== undefined && !EAGER_PACKAGES.includes(from)) library += module.renderedLength;
  }
  return library * 2 > total ? '' : COMPILE_HINT;
}

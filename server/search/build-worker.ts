import { parentPort, workerData } from 'node:worker_threads';
import { buildPart } from './build';

/** One run of a first start's index build, on its own thread (build.ts): its arrays are handed over, not copied. */
const { staticDir, pageFiles, searchText } = workerData as { staticDir: string; pageFiles: string[]; searchText: boolean };
const part = buildPart(staticDir, pageFiles, searchText);
const { pairs, pageEnd, pageLength, titleLength } = part.counted;
const owned = [pairs, pageEnd, pageLength, titleLength, part.bodyEnd, part.bodies].filter((array) => array.byteOffset === 0 && array.buffer.byteLength === array.byteLength);
// A small Buffer may be a slice of Node's shared pool, which must not move: that one is copied.
parentPort?.postMessage(part, owned.map((array) => array.buffer as ArrayBuffer));

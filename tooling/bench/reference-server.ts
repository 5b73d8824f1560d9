import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { join } from 'node:path';

/**
 * bench:static's yardstick: a plain Node http server that answers from memory with the build's
 * .br files (no routing, no file system, no plugins), the most this machine and this client can
 * do for the same bytes. Usage: node --import tsx tooling/bench/reference-server.ts <dir> <path>…
 */
const [dir = '.', ...paths] = process.argv.slice(2);
const files = new Map(
  paths.map((path) => {
    const file = join(dir, 'dist/client', path.endsWith('/') ? `${path}index.html` : path);
    return [path, { body: readFileSync(`${file}.br`), type: file.endsWith('.html') ? 'text/html; charset=utf-8' : 'application/javascript; charset=utf-8' }];
  }),
);
const server = createServer((request, response) => {
  const file = files.get(request.url ?? '');
  if (!file) return void response.writeHead(404).end();
  response.writeHead(200, { 'content-type': file.type, 'content-encoding': 'br', vary: 'Accept-Encoding', 'content-length': file.body.length }).end(file.body);
});
server.listen(0, '127.0.0.1', () => {
  const address = server.address();
  if (address && typeof address === 'object') console.log(`reference server listening on http://127.0.0.1:${address.port}`);
});
process.on('SIGTERM', () => server.close(() => process.exit(0)));

import { existsSync } from 'node:fs';
import { request, type ClientRequest, type IncomingMessage } from 'node:http';
import { connect } from 'node:net';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { isAlive, processTree } from '../support/process-tree';
import { PRODUCTION_COMMAND, ROOT, startSiteServer } from '../support/site-server';

/**
 * Issue 15, production process: the documented command (node on the compiled server) and the npm
 * script that execs it both let SIGTERM reach the server, which finishes the request in flight,
 * exits 0 and leaves no process or listener behind.
 */
const BODY = 'action=avia_ajax_search&s=nurse';

/** Whether something still accepts connections at `url`'s port. */
const listening = (url: string) =>
  new Promise<boolean>((done) => {
    const { hostname, port } = new URL(url);
    const socket = connect({ host: hostname, port: Number(port) });
    socket.once('connect', () => done(socket.destroy() !== undefined));
    socket.once('error', () => done(false));
  });

/** A POST whose headers and first half of the body are sent; `finish()` sends the rest. */
function halfSentPost(url: string): { req: ClientRequest; answer: Promise<{ status: number; body: string }>; finish(): void } {
  const req = request(`${url}/ajax`, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded', 'content-length': Buffer.byteLength(BODY) } });
  const answer = new Promise<{ status: number; body: string }>((done, fail) => {
    req.once('error', fail);
    req.once('response', (response: IncomingMessage) => {
      let body = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => (body += chunk));
      response.once('end', () => done({ status: response.statusCode ?? 0, body }));
    });
  });
  req.flushHeaders();
  req.write(BODY.slice(0, 10));
  return { req, answer, finish: () => req.end(BODY.slice(10)) };
}

describe('the production process (issue 15)', () => {
  it.each([
    ['node dist/server/main.js', PRODUCTION_COMMAND],
    ['npm run serve', ['npm', 'run', 'serve']],
  ])('%s: SIGTERM drains the request in flight, exits 0, leaves nothing listening', async (_name, command) => {
    if (!existsSync(join(ROOT, 'dist/server/main.js'))) throw new Error('No compiled server: run npm run build first (npm test does).');
    const server = await startSiteServer({ command });
    const top = server.process.pid ?? 0;
    const tree = processTree(top);
    // npm execs node: one process under npm, not npm -> sh -> node.
    expect(tree.length).toBe(command[0] === 'npm' ? 2 : 1);

    const inFlight = halfSentPost(server.url);
    // The request is in the server's hands once a later one on another connection is answered.
    expect((await fetch(`${server.url}/healthz`)).status).toBe(200);

    const stopped = server.stop('SIGTERM');
    await expect.poll(() => listening(server.url)).toBe(false);
    inFlight.finish();
    const answer = await inFlight.answer;
    expect(answer.status).toBe(200);
    expect(answer.body).toContain('data-search-answer');

    expect(await stopped).toBe(0);
    expect(tree.filter(isAlive)).toEqual([]);
    expect(await listening(server.url)).toBe(false);
    if (server.providerUrl) expect(await listening(server.providerUrl)).toBe(false);
  });
});

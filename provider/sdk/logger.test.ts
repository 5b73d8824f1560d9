import { describe, expect, it } from 'vitest';
import { createTestClock } from '../../runtime/test-clock';
import { FLUSH_ON_PAGE_EVENTS, createSdkLogger } from './logger';
import type { FetchInit, FetchLike } from './request';

function setup(options: { protocol?: string; beacon?: boolean } = {}) {
  const clock = createTestClock();
  const target = new EventTarget();
  const posts: Array<{ url: string; init: FetchInit }> = [];
  const beacons: string[] = [];
  const fetch: FetchLike = async (url, init) => {
    posts.push({ url, init });
    return { status: 200, headers: { forEach: () => undefined }, text: async () => '{}' };
  };
  const printed: string[] = [];
  const logger = createSdkLogger({
    url: 'https://www.paypal.com', clock, target, fetch, pageProtocol: options.protocol ?? 'https:', enableSendBeacon: options.beacon ?? false,
    sendBeacon: (url) => (beacons.push(url), true), print: (level, event) => printed.push(`${level} ${event}`),
  });
  return { logger, clock, target, posts, beacons, printed };
}

describe('createSdkLogger: the machine bound to the page', () => {
  it.each(FLUSH_ON_PAGE_EVENTS)('%s on the page flushes at once', async (type) => {
    const { logger, target, posts } = setup();
    logger.info('x');
    target.dispatchEvent(new Event(type));
    await Promise.resolve();
    expect(posts).toHaveLength(1);
    expect(JSON.parse(posts[0]?.init.body ?? '{}').events[0].event).toBe('x');
    logger.stop();
  });

  it('sends by beacon when enabled and no headers are set', async () => {
    const { logger, beacons, posts } = setup({ beacon: true });
    logger.track({ state_name: 'donate' });
    logger.flush();
    await Promise.resolve();
    expect(beacons).toEqual(['https://www.paypal.com/xoplatform/logger/api/logger']);
    expect(posts).toHaveLength(0);
    logger.stop();
  });

  it('prints at the default level warn through the given printer', () => {
    const { logger, printed } = setup();
    logger.debug('d');
    logger.info('i');
    logger.warn('w');
    logger.error('e');
    expect(printed).toEqual(['warn w', 'error e']);
    logger.stop();
  });

  it('after stop, page events do nothing and no timer is left', async () => {
    const { logger, target, posts, clock } = setup();
    logger.info('x');
    logger.stop();
    target.dispatchEvent(new Event('pagehide'));
    await Promise.resolve();
    expect(posts).toHaveLength(0);
    expect(clock.pending()).toBe(0);
  });

  it('nothing is sent from a file: page', async () => {
    const { logger, target, posts, beacons } = setup({ protocol: 'file:', beacon: true });
    logger.error('x');
    target.dispatchEvent(new Event('beforeunload'));
    await Promise.resolve();
    expect([...posts, ...beacons]).toHaveLength(0);
    logger.stop();
  });
});

// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { replaceHash, watchHash } from './hash';

describe('hash adapter', () => {
  it('replaces the hash without a history entry and without a hashchange', () => {
    const before = history.length;
    const seen: string[] = [];
    const stop = watchHash(window, (hash) => seen.push(hash));
    replaceHash(window, '#day-centre');
    expect(location.hash).toBe('#day-centre');
    expect(history.length).toBe(before);
    expect(seen).toEqual(['']);
    stop();
  });

  it('reports the current hash at once and every hashchange until stopped', () => {
    replaceHash(window, '#a');
    const seen: string[] = [];
    const stop = watchHash(window, (hash) => seen.push(hash));
    window.dispatchEvent(new HashChangeEvent('hashchange'));
    stop();
    window.dispatchEvent(new HashChangeEvent('hashchange'));
    expect(seen).toEqual(['#a', '#a']);
  });
});

import { describe, expect, it } from 'vitest';
import { acceptsMessageFrom, isPlatformHost, originalUrl, posterUrl, readPlatformBMessage, unmuteVolume, DEFAULT_HEIGHT, DEFAULT_WIDTH } from './video.rules';

describe('video rules (§6, §7, §9)', () => {
  it('posters come from the video service image host with the §7 quality choices', () => {
    expect(posterUrl('aqz-KE-bpKQ')).toBe('https://img.youtube.com/vi/aqz-KE-bpKQ/hqdefault.jpg');
    expect(posterUrl('aqz-KE-bpKQ', 'maxresdefault')).toBe('https://img.youtube.com/vi/aqz-KE-bpKQ/maxresdefault.jpg');
  });

  it('the bridge accepts messages only from its own platform origin', () => {
    expect(acceptsMessageFrom('vimeo', 'https://player.vimeo.com')).toBe(true);
    expect(acceptsMessageFrom('vimeo', 'https://evil.example')).toBe(false);
    expect(acceptsMessageFrom('vimeo', 'https://www.youtube.com')).toBe(false);
    expect(acceptsMessageFrom('youtube', 'https://www.youtube.com')).toBe(true);
    expect(acceptsMessageFrom('html5', 'https://www.youtube.com')).toBe(false);
  });

  it('the original address defaults to the platform page of the video', () => {
    expect(originalUrl('youtube', 'abc', '')).toBe('https://www.youtube.com/watch?v=abc');
    expect(originalUrl('vimeo', '42', '')).toBe('https://vimeo.com/42');
    expect(originalUrl('vimeo', '42', 'https://vimeo.com/channels/x/42')).toBe('https://vimeo.com/channels/x/42');
  });

  it('recognises platform hosts and nothing else', () => {
    expect(isPlatformHost('https://img.youtube.com/vi/x/default.jpg')).toBe(true);
    expect(isPlatformHost('https://i.ytimg.com/x.jpg')).toBe(true);
    expect(isPlatformHost('https://player.vimeo.com/video/1')).toBe(true);
    expect(isPlatformHost('http://127.0.0.1:4173/videos/')).toBe(false);
    expect(isPlatformHost('https://notyoutube.com/')).toBe(false);
    expect(isPlatformHost('not a url')).toBe(false);
  });

  it('unmute volume: 0.7 on platform B, 0.8 elsewhere; default size 480x270', () => {
    expect(unmuteVolume('vimeo')).toBe(0.7);
    expect(unmuteVolume('youtube')).toBe(0.8);
    expect(unmuteVolume('html5')).toBe(0.8);
    expect([DEFAULT_WIDTH, DEFAULT_HEIGHT]).toEqual([480, 270]);
  });

  it('reads platform B messages given as JSON text or objects and drops the rest', () => {
    expect(readPlatformBMessage('{"event":"ready"}')).toEqual({ event: 'ready', data: undefined });
    expect(readPlatformBMessage({ event: 'playProgress', data: { seconds: 2 } })).toEqual({ event: 'playProgress', data: { seconds: 2 } });
    expect(readPlatformBMessage('not json')).toBeNull();
    expect(readPlatformBMessage({ method: 'play' })).toBeNull();
    expect(readPlatformBMessage(7)).toBeNull();
  });
});

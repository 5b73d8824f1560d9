import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { arbitraryConsent } from '../cookie-consent/cookie-consent.arbitrary';
import { platformAllowed } from '../cookie-consent/cookie-consent.rules';
import {
  AUDIO_EXTENSIONS,
  FRAME_RATE,
  VIDEO_EXTENSIONS,
  getExtension,
  mediaErrorText,
  mediaKindOf,
  pickSource,
  rendererAllowed,
  rendererFor,
  secondsToTimeCode,
  timeCodeToSeconds,
  videoSiteErrorText,
  videoSiteEvent,
} from './media-player.rules';

describe('sources by extension (§3)', () => {
  it.each(VIDEO_EXTENSIONS.map((e) => [e]))('.%s is video', (extension) => {
    expect(mediaKindOf(`/media/clip.${extension}?v=2`)).toBe('video');
  });
  it.each(AUDIO_EXTENSIONS.map((e) => [e]))('.%s is audio', (extension) => {
    expect(mediaKindOf(`/media/clip.${extension.toUpperCase()}`)).toBe('audio');
  });

  it('picks the renderer: native, HLS, video site, and the download link for flv and unknown files', () => {
    expect(rendererFor({ src: '/media/a.webm' })).toBe('native');
    expect(rendererFor({ src: '/media/a.mp3' })).toBe('native');
    expect(rendererFor({ src: '/media/hls/a.m3u8' })).toBe('hls');
    expect(rendererFor({ src: '/stream', type: 'application/vnd.apple.mpegurl' })).toBe('hls');
    expect(rendererFor({ src: 'https://www.youtube.com/watch?v=aqz-KE-bpKQ' })).toBe('video-site');
    expect(rendererFor({ src: '/media/a.flv' })).toBe('download');
    expect(rendererFor({ src: '/media/a.txt' })).toBe('download');
  });

  it('uses the first playable source, else offers the first for download', () => {
    expect(pickSource([{ src: '/a.flv' }, { src: '/a.mp4' }])).toEqual({ renderer: 'native', source: { src: '/a.mp4' } });
    expect(pickSource([{ src: '/a.flv' }])).toEqual({ renderer: 'download', source: { src: '/a.flv' } });
    expect(pickSource([])).toEqual({ renderer: 'download', source: null });
  });

  it('reads extensions without query or fragment', () => {
    expect(getExtension('https://x.example/v/clip.MP4?t=1#a')).toBe('mp4');
    expect(getExtension('/media/noext')).toBe('');
  });
});

describe('time codes 00:00:00 at 25 fps (§5, §9)', () => {
  it('formats seconds', () => {
    expect(secondsToTimeCode(0)).toBe('00:00:00');
    expect(secondsToTimeCode(3725.5)).toBe('01:02:05');
    expect(secondsToTimeCode(1.52, true)).toBe('00:00:01:13');
    expect(FRAME_RATE).toBe(25);
  });

  it('parses time codes, with frames at 25 fps', () => {
    expect(timeCodeToSeconds('01:02:05')).toBe(3725);
    expect(timeCodeToSeconds('00:00:01:05')).toBeCloseTo(1.2);
  });

  it('round-trips whole seconds', () => {
    fc.assert(fc.property(fc.integer({ min: 0, max: 359_999 }), (seconds) => timeCodeToSeconds(secondsToTimeCode(seconds)) === seconds));
  });

  it('rejects a time code that does not look like 00:00:00', () => {
    expect(() => timeCodeToSeconds('1:2:3')).toThrow('Time code must look like 00:00:00');
    expect(() => timeCodeToSeconds('00:61:00')).toThrow('Time code must look like 00:00:00');
  });
});

describe('helpers throw on arguments of the wrong type (§5)', () => {
  it.each([
    ['getExtension', () => getExtension(42)],
    ['secondsToTimeCode', () => secondsToTimeCode('12')],
    ['secondsToTimeCode NaN', () => secondsToTimeCode(Number.NaN)],
    ['secondsToTimeCode fps', () => secondsToTimeCode(1, true, '25')],
    ['timeCodeToSeconds', () => timeCodeToSeconds(12)],
    ['videoSiteEvent', () => videoSiteEvent('1')],
    ['videoSiteErrorText', () => videoSiteErrorText('100')],
    ['mediaErrorText', () => mediaErrorText(null, [])],
  ])('%s', (_name, call) => {
    expect(call).toThrow(TypeError);
  });
});

describe('video-site renderer (§4 Embedded media player, §8)', () => {
  it('maps platform states to loaded, playing, paused, ended and progress', () => {
    expect([-1, 0, 1, 2, 3, 5, 9].map(videoSiteEvent)).toEqual(['loaded', 'ended', 'playing', 'paused', 'progress', 'loaded', null]);
  });

  it("shows errors as 'Code N: message'", () => {
    expect(videoSiteErrorText(2)).toBe('Code 2: invalid parameter value (video ID must be 11 characters with no invalid characters)');
    expect(videoSiteErrorText(5)).toBe('Code 5: the content cannot be played in an HTML5 player, or another HTML5 player error');
    expect(videoSiteErrorText(100)).toBe('Code 100: the video was not found, removed or private');
    expect(videoSiteErrorText(101)).toBe('Code 101: the owner does not allow playing in embedded players');
    expect(videoSiteErrorText(105)).toBe('Code 105: the owner does not allow playing in embedded players');
    expect(videoSiteErrorText(150)).toBe('Code 150: Unknown error.');
  });

  it('the generated error event names the URLs it tried', () => {
    expect(mediaErrorText('No playable source', ['/a.flv', '/a.txt'])).toBe('No playable source (/a.flv, /a.txt)');
  });
});

describe('consent for the renderers (§5)', () => {

  it('the video-site renderer follows the platform-embed rule; the others need no consent', () => {
    fc.assert(
      fc.property(arbitraryConsent, (consent) => {
        expect(rendererAllowed('video-site', consent)).toBe(platformAllowed(consent, 'youtube'));
        for (const renderer of ['native', 'hls', 'download'] as const) expect(rendererAllowed(renderer, consent)).toBe(true);
      }),
    );
    expect(rendererAllowed('video-site', { given: true, refused: false, essential: true, videoEmbeds: true, platforms: [] })).toBe(true);
    expect(rendererAllowed('video-site', { given: true, refused: false, essential: true, videoEmbeds: false, platforms: [] })).toBe(false);
    // Issue 19: consent to platform A alone is enough; to platform B alone it is not.
    expect(rendererAllowed('video-site', { given: true, refused: false, essential: true, videoEmbeds: false, platforms: ['youtube'] })).toBe(true);
    expect(rendererAllowed('video-site', { given: true, refused: false, essential: true, videoEmbeds: false, platforms: ['vimeo'] })).toBe(false);
  });
});

// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { NO_CONSENT } from '../../machines/cookie-consent/cookie-consent.rules';
import { videoMachine, type VideoContext, type VideoEvent } from '../../machines/video/video.machine';
import { START_VOLUME } from '../../machines/video/video.rules';
import { connectConsentPrompt } from './consent-prompt.connect';
import { connectVideo } from './video.connect';
import { videoTranslations } from './video.translations';

type Value = Parameters<typeof videoMachine.resolveState>[0]['value'];

function connected(value: Value, context: Partial<VideoContext> = {}, type: 'youtube' | 'html5' = 'youtube', t = videoTranslations) {
  const sent: VideoEvent[] = [];
  const snapshot = videoMachine.resolveState({
    value,
    context: { type, videoId: 'aqz-KE-bpKQ', lightbox: false, hasFallbackImage: false, loop: false, muted: false, consent: NO_CONSENT, volume: START_VOLUME, errorCode: null, asked: null, ...context },
  });
  return { api: connectVideo(snapshot, (event) => sent.push(event), t, { type, title: 'Big Buck Bunny' }), sent };
}

describe('the video connect layer (named player, play button, consent answers, command buttons)', () => {
  it('before consent: the placeholder asks, the platform player is hidden, and its answers send the consent events', () => {
    for (const value of ['pending', { mounted: 'blocked' }] as const) expect(connected(value).api).toMatchObject({ asksConsent: true, phase: value === 'pending' ? 'pending' : 'blocked' });
    const { api, sent } = connected({ mounted: 'blocked' });
    expect(api.playerProps).toEqual({ tabIndex: -1, 'aria-label': 'Big Buck Bunny, YouTube player', role: 'group', hidden: true });
    api.consentProps.onGrant(true);
    api.consentProps.onGrant(false);
    api.consentProps.onGrantAll();
    expect(sent).toEqual([{ type: 'consent.grant', remember: true }, { type: 'consent.grant', remember: false }, { type: 'consent.grant.all' }]);
  });

  it('lazy: a named play button sends video.play; no native controls over the poster; no placeholder once allowed', () => {
    const { api, sent } = connected({ mounted: 'lazy' });
    expect(api).toMatchObject({ phase: 'lazy', asksConsent: false, videoControls: false });
    expect(api.playProps['aria-label']).toBe('Play video: Big Buck Bunny');
    api.playProps.onClick();
    expect(sent).toEqual([{ type: 'video.play' }]);
  });

  it('a self-hosted video never asks and its player is always shown, named as a video player', () => {
    const { api } = connected('pending', {}, 'html5');
    expect(api.asksConsent).toBe(false);
    expect(api.platform).toBe('');
    expect(api.playerProps).toEqual({ tabIndex: -1, 'aria-label': 'Big Buck Bunny, video player', role: 'group' });
  });

  it('loaded: the player shows with its controls; mute and loop are toggle buttons that send the opposite', () => {
    const off = connected({ mounted: { active: { loaded: 'playing' } } });
    expect(off.api.playerProps).toMatchObject({ hidden: false });
    expect(off.api.videoControls).toBe(true);
    expect(off.api.controlsProps).toEqual({ role: 'group', 'aria-label': 'Player commands: Big Buck Bunny' });
    expect([off.api.muteProps['aria-pressed'], off.api.loopProps['aria-pressed']]).toEqual([false, false]);
    off.api.muteProps.onClick();
    off.api.loopProps.onClick();
    off.api.restartProps.onClick();
    off.api.closeProps.onClick();
    expect(off.sent).toEqual([{ type: 'video.mute' }, { type: 'video.loop', enabled: true }, { type: 'video.reset' }, { type: 'video.unload' }]);

    const on = connected({ mounted: { active: { loaded: 'paused' } } }, { muted: true, loop: true });
    expect([on.api.muteProps['aria-pressed'], on.api.loopProps['aria-pressed']]).toEqual([true, true]);
    on.api.muteProps.onClick();
    on.api.loopProps.onClick();
    expect(on.sent).toEqual([{ type: 'video.unmute' }, { type: 'video.loop', enabled: false }]);
  });

  it('loading shows the platform player; after the §9 fallback a retry plays again', () => {
    expect(connected({ mounted: { active: 'loading' } }).api.playerProps).toMatchObject({ hidden: false });
    const { api, sent } = connected({ mounted: 'fallback' });
    expect(api.playerProps).toMatchObject({ hidden: true });
    api.retryProps.onClick();
    expect(sent).toEqual([{ type: 'video.play' }]);
  });

  it('its labels come from the translations', () => {
    const t = { ...videoTranslations, youtube: 'يوتيوب', platformPlayer: 'مشغل {platform}: {title}', play: 'تشغيل: {title}' };
    const { api } = connected({ mounted: 'lazy' }, {}, 'youtube', t);
    expect([api.platform, api.playerProps['aria-label'], api.playProps['aria-label']]).toEqual(['يوتيوب', 'مشغل يوتيوب: Big Buck Bunny', 'تشغيل: Big Buck Bunny']);
  });
});

describe('the consent placeholder connect layer (issue 19)', () => {
  function prompt() {
    const answers: string[] = [];
    const api = connectConsentPrompt(
      { platform: 'vimeo', title: 'Sintel', onGrant: (remember) => answers.push(remember ? 'play, remembered' : 'play'), onGrantAll: () => answers.push('all') },
      videoTranslations,
    );
    return { api, answers };
  }

  it('a group named by the title and platform, saying what loads and from whom', () => {
    const { api } = prompt();
    expect(api.groupProps).toEqual({ role: 'group', 'aria-label': 'Sintel, video from Vimeo' });
    expect(api.whatText.join('')).toBe('Playing this video loads the Vimeo player from vimeo.com. Vimeo may then set cookies and see that you watched it.');
    expect(api.rememberProps).toEqual({ type: 'checkbox', name: 'remember' });
    expect(api.playTitle.join('')).toBe(': Sintel');
  });

  it('"Play video" grants as the remember box says at the click; "Always allow" grants all', () => {
    const { api, answers } = prompt();
    document.body.innerHTML = '<div class="consent-prompt"><input type="checkbox" name="remember"><button>Play video</button></div>';
    const button = document.querySelector('button');
    const box = document.querySelector('input');
    if (!button || !box) throw new Error('fixture missing');
    api.playProps.onClick({ currentTarget: button });
    box.checked = true;
    api.playProps.onClick({ currentTarget: button });
    api.allowAllProps.onClick();
    expect(answers).toEqual(['play', 'play, remembered', 'all']);
  });
});

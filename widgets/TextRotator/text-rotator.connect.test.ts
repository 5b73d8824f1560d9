import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { CHARACTER_MS, CLEAR_AFTER_MS, TYPE_AFTER_MS, textRotatorMachine, type RotatorAnimation, type TextRotatorEvent } from '../../machines/text-rotator/text-rotator.machine';
import { createTestClock } from '../../runtime/test-clock';
import { translate } from '../../runtime/translations';
import { connectTextRotator } from './text-rotator.connect';
import { textRotatorTranslations, type TextRotatorTranslations } from './text-rotator.translations';

const lines = ['care', 'kindness 💛'];

function rotator(animation: RotatorAnimation, given?: Partial<TextRotatorTranslations>) {
  const clock = createTestClock();
  const sent: TextRotatorEvent[] = [];
  const input = { lengths: lines.map((line) => [...line].length), animation, intervalMs: 5000, random: () => 0 };
  const actor = createActor(textRotatorMachine, { input, clock }).start();
  return { actor, clock, sent, connect: () => connectTextRotator(actor.getSnapshot(), (event) => sent.push(event), lines, translate(textRotatorTranslations, given)) };
}

describe('the text rotator connect layer (moving text for the eye, pausable)', () => {
  it('the moving sentence is hidden from assistive technology; hover and focus hold the line, leaving resumes it', () => {
    const { connect, sent } = rotator('slide');
    const api = connect();
    expect(api.movingProps).toEqual({ 'aria-hidden': 'true' });
    expect(api.rootProps).toMatchObject({ 'data-animation': 'slide', 'data-state': 'showing' });
    expect([api.shown, api.lineKey, api.marked]).toEqual(['care', 0, false]);
    api.rootProps.onMouseEnter();
    api.rootProps.onMouseLeave();
    api.rootProps.onFocus();
    api.rootProps.onBlur();
    expect(sent.map((event) => event.type)).toEqual(['rotator.pause', 'rotator.resume', 'rotator.pause', 'rotator.resume']);
  });

  it('slide: each new line gets a new key, so its enter animation plays again', () => {
    const { clock, connect } = rotator('slide');
    clock.advanceBy(5000);
    expect([connect().shown, connect().lineKey]).toEqual(['kindness 💛', 1]);
    // The key is on the element too, so the behaviour (no React) knows where a new line starts.
    expect(connect().lineProps).toEqual({ className: 'text-rotator__line', 'data-line-key': 1 });
  });

  it('typewriter: marked, cleared, then typed character by character (the heart whole) under one key', () => {
    const { clock, connect } = rotator('typewriter');
    clock.advanceBy(5000);
    expect([connect().rootProps['data-state'], connect().marked, connect().shown, connect().lineKey]).toEqual(['marking', true, 'care', 'line']);
    expect(connect().lineProps).toEqual({ className: 'text-rotator__line is-marked', 'data-line-key': 'line' });
    clock.advanceBy(CLEAR_AFTER_MS);
    expect([connect().rootProps['data-state'], connect().shown]).toEqual(['cleared', '']);
    clock.advanceBy(TYPE_AFTER_MS - CLEAR_AFTER_MS + CHARACTER_MS * 9);
    expect([connect().rootProps['data-state'], connect().shown]).toEqual(['typing', 'kindness ']);
    clock.advanceBy(CHARACTER_MS);
    expect([connect().rootProps['data-state'], connect().shown]).toEqual(['showing', 'kindness 💛']);
  });

  it('the control speaks the page’s language (issue 49.4): its word and its purpose from the translations', () => {
    const { connect, actor } = rotator('slide', { pause: 'إيقاف مؤقت', play: 'تشغيل', purpose: 'الكلمات المتغيّرة' });
    expect([connect().controlText, connect().controlPurpose]).toEqual(['إيقاف مؤقت', 'الكلمات المتغيّرة']);
    actor.send({ type: 'rotator.stop' });
    expect(connect().controlText).toBe('تشغيل');
  });
});

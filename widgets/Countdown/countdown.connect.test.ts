import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { countdownMachine } from '../../machines/countdown/countdown.machine';
import { DEFAULT_LABELS } from '../../machines/countdown/countdown.rules';
import { createTestClock } from '../../runtime/test-clock';
import { translate } from '../../runtime/translations';
import { connectCountdown, connectCountdownContent } from './countdown.connect';
import { countdownTranslations } from './countdown.translations';

const NOW = Date.UTC(2027, 0, 1);
const parts = { label: 'Time until the Lantern Walk' };

/** A countdown on the test clock to `target`, started (as the view does once mounted) unless told not to. */
function countdown(target: number, started = true) {
  const clock = createTestClock(NOW);
  const actor = createActor(countdownMachine, { input: { target, smallest: 1, largest: 3, now: clock.now }, clock }).start();
  if (started) actor.send({ type: 'countdown.start' });
  return { actor, clock };
}

describe('the countdown connect layer (WAI-ARIA timer)', () => {
  it('before it starts (the prerendered page): a named timer, hidden', () => {
    const { actor } = countdown(NOW + 3_600_000, false);
    const api = connectCountdown(actor.getSnapshot(), countdownTranslations, parts);
    expect(api.rootProps).toEqual({ 'data-state': 'idle' });
    expect(api.timerProps).toEqual({ role: 'timer', 'aria-label': 'Time until the Lantern Walk', hidden: true });
    expect(api.ended).toBe(false);
  });

  it('running: shown, each unit with its number and its name for that number, in the page language', () => {
    const { actor, clock } = countdown(NOW + 3_600_000 + 60_000 + 2_000);
    const arabic = translate(countdownTranslations, { hour: 'ساعة', hours: 'ساعات' });
    let api = connectCountdown(actor.getSnapshot(), arabic, parts);
    expect(api.rootProps['data-state']).toBe('running');
    expect(api.timerProps.hidden).toBe(false);
    expect(api.units).toEqual([
      { unit: 'hours', value: 1, label: 'ساعة' },
      { unit: 'minutes', value: 1, label: DEFAULT_LABELS.minutes[0] },
      { unit: 'seconds', value: 2, label: DEFAULT_LABELS.seconds[1] },
    ]);
    clock.advanceBy(2_000);
    api = connectCountdown(actor.getSnapshot(), arabic, parts);
    expect(api.units.map((u) => u.value)).toEqual([1, 1, 0]);
  });

  it('the content’s labels win over the translations', () => {
    const { actor } = countdown(NOW + 5_000);
    const labels = { ...DEFAULT_LABELS, seconds: ['sec', 'secs'] as const };
    expect(connectCountdown(actor.getSnapshot(), countdownTranslations, { ...parts, labels }).units.at(-1)).toEqual({ unit: 'seconds', value: 5, label: 'secs' });
  });

  it('from the island’s content: its name, its labels in the page language over the English defaults', () => {
    const { actor } = countdown(NOW + 3_600_000);
    const api = connectCountdownContent(actor.getSnapshot(), { label: parts.label, when: 'Friday', ended: 'Begun.', translations: { hour: 'ساعة' } });
    expect(api.timerProps['aria-label']).toBe(parts.label);
    expect(api.units[0]).toEqual({ unit: 'hours', value: 1, label: 'ساعة' });
  });

  it('ended: the timer is hidden and the ended text shows', () => {
    const { actor, clock } = countdown(NOW + 1_000);
    clock.advanceBy(1_000);
    const api = connectCountdown(actor.getSnapshot(), countdownTranslations, parts);
    expect(api.rootProps['data-state']).toBe('ended');
    expect(api.timerProps.hidden).toBe(true);
    expect(api.ended).toBe(true);
  });
});

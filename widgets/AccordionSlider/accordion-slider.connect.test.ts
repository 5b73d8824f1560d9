import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { sliderMachine, type SliderEvent } from '../../machines/slider/slider.machine';
import { createTestClock } from '../../runtime/test-clock';
import { FLAG } from '../../runtime/device';
import { connectAccordionSlider, panelTextId } from './accordion-slider.connect';

function connected(initial: number) {
  const input = { count: 3, initial, autoplay: false, intervalMs: 5000, loopAutoplay: 'once', loopManual: 'once', transitionMs: 0, manualStopsAutoplay: false } as const;
  const snapshot = createActor(sliderMachine, { input, clock: createTestClock() }).start().getSnapshot();
  const sent: SliderEvent[] = [];
  return { api: connectAccordionSlider(snapshot, (event) => sent.push(event), 'Our year: in pictures'), sent };
}

/** A panel on a page whose <html> carries these flags. */
const on = (...flags: string[]) => ({ currentTarget: { ownerDocument: { documentElement: { classList: { contains: (flag: string) => flags.includes(flag) } } } } as unknown as Element });

describe('the accordion slider connect layer (labelled group of disclosures)', () => {
  it('the open panel: its button is expanded and controls its shown text; the others are collapsed and hidden', () => {
    const { api } = connected(1);
    expect(api.rootProps).toEqual({ role: 'group', 'aria-label': 'Our year: in pictures' });
    expect(api.getButtonProps(1)).toEqual({ type: 'button', 'aria-expanded': true, 'aria-controls': 'Our-year-in-pictures-1' });
    expect(api.getTextProps(1)).toEqual({ id: 'Our-year-in-pictures-1', className: 'accordion-slider__text', hidden: false });
    expect(api.getButtonProps(0)['aria-expanded']).toBe(false);
    expect(api.getTextProps(0).hidden).toBe(true);
    expect([0, 1, 2].map(api.isOpen)).toEqual([false, true, false]);
    expect([0, 1, 2].map((index) => api.getPanelProps(index).className)).toEqual(['accordion-slider__panel', 'accordion-slider__panel is-open', 'accordion-slider__panel']);
    expect(api.getButtonProps(2)['aria-controls']).toBe(api.getTextProps(2).id);
    expect(panelTextId('A b', 0)).toBe('A-b-0');
  });

  it('a click opens its panel; the pointer entering opens it on a desktop page but not on a mobile one (a tap’s)', () => {
    const { api, sent } = connected(0);
    api.getPanelProps(2).onClick();
    api.getPanelProps(1).onPointerEnter(on(FLAG.desktop));
    api.getPanelProps(0).onPointerEnter(on(FLAG.mobile, FLAG.touch));
    expect(sent).toEqual([
      { type: 'nav.goto', position: 3 },
      { type: 'nav.goto', position: 2 },
    ]);
  });
});

import { describe, expect, it, vi } from 'vitest';
import { attributeName, defineSettings, setting } from './settings';

const schema = defineSettings('slideshow', {
  interval: setting.number(5, { min: 0 }),
  autoplay: setting.boolean(false),
  loop_autoplay: setting.oneOf(['once', 'endless'], 'once'),
  initial: setting.number(1, { integer: true, min: 1 }),
  label: setting.string('Slides'),
  loopManual: setting.custom('once', (raw) => (raw === 'manual-endless' ? 'endless' : 'once')),
});

describe('settings schema', () => {
  it('gives the spec defaults when no attribute is set, without warnings', () => {
    const warn = vi.fn();
    expect(schema.parse({}, warn)).toEqual({
      interval: 5,
      autoplay: false,
      loop_autoplay: 'once',
      initial: 1,
      label: 'Slides',
      loopManual: 'once',
    });
    expect(warn).not.toHaveBeenCalled();
  });

  it('parses good values', () => {
    const warn = vi.fn();
    const parsed = schema.parse(
      { interval: '2.5', autoplay: 'true', loop_autoplay: 'endless', initial: '3', label: 'Hi', loopManual: 'manual-endless' },
      warn,
    );
    expect(parsed).toMatchObject({ interval: 2.5, autoplay: true, loop_autoplay: 'endless', initial: 3, label: 'Hi', loopManual: 'endless' });
    expect(warn).not.toHaveBeenCalled();
  });

  it('treats a bare boolean attribute as true', () => {
    expect(schema.parse({ autoplay: '' }, vi.fn()).autoplay).toBe(true);
  });

  it.each([
    ['interval', 'abc', 5],
    ['interval', '-2', 5],
    ['interval', '5s', 5],
    ['initial', '1.5', 1],
    ['initial', '0', 1],
    ['autoplay', 'maybe', false],
    ['loop_autoplay', 'forever', 'once'],
  ])('a bad %s="%s" falls back to %j with exactly one warning naming it', (key, raw, fallback) => {
    const warn = vi.fn();
    const parsed = schema.parse({ [key]: raw }, warn);
    expect(parsed[key as keyof typeof parsed]).toEqual(fallback);
    expect(warn).toHaveBeenCalledOnce();
    expect(warn.mock.calls[0]?.[0]).toContain(`${attributeName(key)}="${raw}"`);
    expect(warn.mock.calls[0]?.[0]).toContain('slideshow');
  });

  it('warns once per bad attribute, and keeps the good ones', () => {
    const warn = vi.fn();
    const parsed = schema.parse({ interval: 'x', autoplay: 'nope', initial: '4' }, warn);
    expect(warn).toHaveBeenCalledTimes(2);
    expect(parsed.initial).toBe(4);
  });

  it('maps keys to attribute names', () => {
    expect(attributeName('transitionSpeed')).toBe('data-transition-speed');
    expect(attributeName('loop_autoplay')).toBe('data-loop_autoplay');
  });
});

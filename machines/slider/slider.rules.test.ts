import { describe, expect, it } from 'vitest';
import {
  FULLSCREEN_PARALLAX_FACTOR,
  canWrap,
  cssEasing,
  fullscreenParallaxOffset,
  gotoIndex,
  horizontalInitial,
  lastIndex,
  loopAutoplayFrom,
  loopManualFrom,
  slideshowInitial,
  stepFrom,
  swipeDirection,
  timelinePerView,
  transitionTiming,
} from './slider.rules';

describe('slider rules', () => {
  it("§5: a loop mode other than 'endless' is 'once'", () => {
    expect(loopAutoplayFrom('endless')).toBe('endless');
    for (const raw of ['once', 'Endless', '', 'forever', 'manual-endless']) expect(loopAutoplayFrom(raw)).toBe('once');
    expect(loopManualFrom('manual-endless')).toBe('endless');
    expect(loopManualFrom('once')).toBe('once');
  });

  it('wrapping is allowed when either loop setting is endless', () => {
    expect(canWrap('once', 'once')).toBe(false);
    expect(canWrap('endless', 'once')).toBe(true);
    expect(canWrap('once', 'endless')).toBe(true);
  });

  it('§5: go-to ignores the current position and anything outside 1..count', () => {
    expect(gotoIndex(3, 0, 5)).toBe(2);
    expect(gotoIndex(1, 0, 5)).toBeNull();
    expect(gotoIndex(0, 1, 5)).toBeNull();
    expect(gotoIndex(6, 1, 5)).toBeNull();
    expect(gotoIndex(2.5, 1, 5)).toBeNull();
  });

  it('steps, wrapping or stopping at the ends; nothing active goes to the first', () => {
    expect(stepFrom(4, 'next', 4, false)).toBeNull();
    expect(stepFrom(4, 'next', 4, true)).toBe(0);
    expect(stepFrom(0, 'prev', 4, true)).toBe(4);
    expect(stepFrom(null, 'prev', 4, false)).toBe(0);
    expect(lastIndex(7, 3)).toBe(4);
    expect(lastIndex(2, 3)).toBe(0);
  });

  it('§5: horizontal gallery initial index', () => {
    expect(horizontalInitial(undefined, 6)).toBeNull();
    expect(horizontalInitial('', 6)).toBeNull();
    expect(horizontalInitial('abc', 6)).toBe(0);
    expect(horizontalInitial('0', 6)).toBe(0);
    expect(horizontalInitial('-3', 6)).toBe(0);
    expect(horizontalInitial('4', 6)).toBe(3);
    expect(horizontalInitial('40', 6)).toBe(5);
  });

  it('§3: the slideshow initial is 1-based', () => {
    expect(slideshowInitial(1, 4)).toBe(0);
    expect(slideshowInitial(4, 4)).toBe(3);
    expect(slideshowInitial(9, 4)).toBe(0);
  });

  it('§9: fade is a 200 ms fade-out then half the transition speed; fullfade and slide take the whole speed', () => {
    expect(transitionTiming('fade', 900, false)).toEqual({ outMs: 200, inMs: 450, inDelayMs: 200, totalMs: 650 });
    expect(transitionTiming('fade', 900, true)).toEqual({ outMs: 900, inMs: 900, inDelayMs: 0, totalMs: 900 });
    expect(transitionTiming('slide', 900, false).totalMs).toBe(900);
  });

  it('§9: timelines show 3, 2 on medium screens, 1 on small', () => {
    expect(timelinePerView(1280)).toBe(3);
    expect(timelinePerView(990)).toBe(3);
    expect(timelinePerView(989)).toBe(2);
    expect(timelinePerView(768)).toBe(2);
    expect(timelinePerView(767)).toBe(1);
  });

  it('§9: a swipe needs 50 px across, more across than down; RTL swaps it', () => {
    expect(swipeDirection(-49, 0)).toBeNull();
    expect(swipeDirection(-50, 0)).toBe('next');
    expect(swipeDirection(60, 10)).toBe('prev');
    expect(swipeDirection(-60, 80)).toBeNull();
    expect(swipeDirection(-60, 0, true)).toBe('prev');
  });

  it('§9: the full-screen slider moves at 0.3 of the scroll', () => {
    expect(FULLSCREEN_PARALLAX_FACTOR).toBe(0.3);
    expect(fullscreenParallaxOffset(1000)).toBe(300);
    expect(fullscreenParallaxOffset(-20)).toBe(0);
  });

  it('easing names map to CSS, unknown ones to easeInOutQuart', () => {
    expect(cssEasing('linear')).toBe('linear');
    expect(cssEasing('nope')).toBe(cssEasing('easeInOutQuart'));
  });
});

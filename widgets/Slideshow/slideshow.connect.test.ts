import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { sliderMachine, type SliderEvent } from '../../machines/slider/slider.machine';
import { createTestClock } from '../../runtime/test-clock';
import { connectSlideshow } from './slideshow.connect';
import { slideshowTranslations } from './slideshow.translations';

const slides = [{ title: 'Boats' }, { title: 'Kites' }, { title: 'Garden' }];
const parts = { slidesId: 's-slides', slides, rotation: true };

function running(autoplay: boolean) {
  const machine = sliderMachine.provide({ guards: { imagesReady: () => true } });
  const input = { count: 3, initial: 1, autoplay, intervalMs: 5000, loopAutoplay: 'once', loopManual: 'endless', transitionMs: 0, manualStopsAutoplay: true } as const;
  return createActor(machine, { input, clock: createTestClock() }).start().getSnapshot();
}

/** Every label replaced by its key in brackets, placeholders kept: what shows comes from the table. */
const marked = Object.fromEntries(
  Object.entries(slideshowTranslations).map(([key, text]) => [key, `[${key}]${(text.match(/\{\w+\}/g) ?? []).join('|')}`]),
) as typeof slideshowTranslations;

describe('the slideshow connect layer (WAI-ARIA carousel)', () => {
  it('a rotating carousel: the rotation control stops it, the live region is quiet, the shown slide alone is exposed', () => {
    const sent: SliderEvent[] = [];
    const api = connectSlideshow(running(true), (event) => sent.push(event), parts, slideshowTranslations);
    expect(api.getRootProps('Summer outing')).toEqual({ 'aria-roledescription': 'carousel', 'aria-label': 'Summer outing' });
    expect(api.rotationProps?.['aria-label']).toBe('Stop automatic slide show');
    api.rotationProps?.onClick();
    expect(api.slidesProps).toMatchObject({ id: 's-slides', 'aria-live': 'off' });
    expect(api.getArrowProps('next')).toMatchObject({ 'aria-controls': 's-slides', 'aria-label': 'Next slide' });
    expect(api.getSlideProps(1)).toMatchObject({ role: 'group', 'aria-roledescription': 'slide', 'aria-label': '2 of 3: Kites', 'aria-hidden': false, inert: false });
    expect(api.getSlideProps(0)).toMatchObject({ 'aria-hidden': true, inert: true });
    expect(api.getDotProps(1)).toMatchObject({ 'aria-label': 'Slide 2: Kites', 'aria-current': 'true' });
    expect(api.getDotProps(2)['aria-current']).toBeUndefined();
    api.getDotProps(2).onClick();
    api.getArrowProps('prev').onClick();
    expect(sent).toEqual([{ type: 'autoplay.stop' }, { type: 'nav.goto', position: 3 }, { type: 'nav.prev' }]);
  });

  it('not rotating: the live region is polite; without the autoplay setting there is no rotation control; one slide has no picker', () => {
    const api = connectSlideshow(running(false), () => undefined, parts, slideshowTranslations);
    expect(api.slidesProps['aria-live']).toBe('polite');
    expect(connectSlideshow(running(false), () => undefined, { ...parts, rotation: false }, slideshowTranslations).rotationProps).toBeNull();
    expect(connectSlideshow(running(false), () => undefined, { ...parts, slides: [{ title: 'One' }] }, slideshowTranslations).pickerProps).toBeNull();
  });

  it('every label it renders comes from the translations', () => {
    const api = connectSlideshow(running(true), () => undefined, parts, marked);
    const labels = [
      api.getRootProps('x')['aria-roledescription'],
      api.rotationProps?.['aria-label'],
      api.getArrowProps('prev')['aria-label'],
      api.getArrowProps('next')['aria-label'],
      api.getSlideProps(0)['aria-roledescription'],
      api.getSlideProps(0)['aria-label'],
      api.pickerProps?.['aria-label'],
      api.getDotProps(0)['aria-label'],
    ];
    expect(labels).toEqual(['[carousel]', '[stopRotation]', '[previousSlide]', '[nextSlide]', '[slide]', '[slideLabel]1|3|Boats', '[picker]', '[pickSlide]1|Boats']);
  });
});

// @vitest-environment jsdom
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { HOTSPOT_FIRST_MS, HOTSPOT_STAGGER_MS, imageHotspotsMachine } from '../../machines/image-hotspots/image-hotspots.machine';
import { Island } from '../../runtime/render/Island';
import { answeringPage, cleanUpAnsweringPages, islandShape } from '../../tests/support/answering';
import imageHotspotsBehaviour, { drawImageHotspots } from './behaviour';
import imageHotspots from './widget';

const CONTENT = {
  image: { src: '/images/harbour-room.jpg', alt: 'The Harbour Room', width: 800, height: 500 },
  caption: 'Choose a spot.',
  spots: [
    { x: 20, y: 30, title: 'Music corner', text: 'Drums and a piano.' },
    { x: 60, y: 40, title: 'Sensory room', text: 'Lights and soft spaces.' },
    { x: 80, y: 70, title: 'Garden', text: 'Raised beds.' },
  ],
};
const count = CONTENT.spots.length;

const prerendered = () => renderToString(<Island widget={imageHotspots} content={CONTENT} slots={{}} settings={{}} hydrate="visible" />);

type Reveal = 'waiting' | 'starting' | 'revealing' | 'done';
const snapshotIn = (reveal: Reveal, revealed: number, open: number | null) =>
  imageHotspotsMachine.resolveState({ value: { reveal, tooltip: {} }, context: { count, revealed, open, pinned: open !== null } });

/** What the view renders in a state: the prerendered island with the view's markup for it. */
function viewIn(reveal: Reveal, revealed: number, open: number | null): string {
  const View = imageHotspots.View;
  const html = renderToString(<View actorRef={createActor(imageHotspotsMachine, { snapshot: snapshotIn(reveal, revealed, open), input: { count } })} settings={{}} content={CONTENT} slots={{}} />);
  // React hoists a preload link for the image before the figure: the prerendered island has it already.
  return prerendered().replace(/<figure[\s\S]*<\/figure>/, html.replace(/^<link[^>]*>/, ''));
}

cleanUpAnsweringPages();

const spots = () => [...document.querySelectorAll<HTMLElement>('.image-hotspots__spot')];
const buttons = () => [...document.querySelectorAll<HTMLElement>('.image-hotspots__button')];
const openTips = () => [...document.querySelectorAll<HTMLElement>('[role="tooltip"]')].map((tip) => !tip.hidden);

describe('the image hotspots behaviour draws what the view renders (issue 35, goal 2)', () => {
  it.each([
    ['revealing', 1, null],
    ['done', 3, null],
    ['done', 3, 1],
    ['revealing', 2, 0],
  ] as const)('%s, %i revealed, tooltip %s open: the same spots, buttons and tooltips as the view', (reveal, revealed, open) => {
    const host = document.createElement('div');
    host.innerHTML = prerendered();
    drawImageHotspots(host.querySelector<HTMLElement>('[data-widget]') as HTMLElement, snapshotIn(reveal, revealed, open), CONTENT);
    expect(islandShape(host.innerHTML)).toEqual(islandShape(viewIn(reveal, revealed, open)));
    expect(islandShape(host.innerHTML)).not.toEqual(islandShape(prerendered()));
  });
});

describe('the image hotspots answer without their view (issue 35, goal 2)', () => {
  it('seen, the spots are revealed one by one; a tap pins a tooltip, hover and focus open one, a tap on it and Escape close it; the view never loads', async () => {
    const { island, view, clock, release, controller } = answeringPage(prerendered(), imageHotspots, imageHotspotsBehaviour);
    release();
    island.dispatchEvent(new Event('pointerdown', { bubbles: true }));
    await controller.settled();
    expect(island.dataset.island).toBe('answering');
    // jsdom has no IntersectionObserver: the waypoint fires at once, and the reveal runs on the clock.
    clock.advanceBy(HOTSPOT_FIRST_MS + (count - 1) * HOTSPOT_STAGGER_MS);
    expect(spots().map((spot) => spot.classList.contains('is-revealed'))).toEqual([true, true, true]);
    buttons()[1]?.click();
    expect(openTips()).toEqual([false, true, false]);
    expect(buttons()[1]?.getAttribute('aria-describedby')).toBe(document.querySelectorAll('[role="tooltip"]')[1]?.id);
    document.querySelectorAll<HTMLElement>('[role="tooltip"]')[1]?.click();
    expect(openTips()).toEqual([false, false, false]);
    spots()[2]?.dispatchEvent(new MouseEvent('mouseover', { bubbles: true }));
    expect(openTips()).toEqual([false, false, true]);
    spots()[2]?.dispatchEvent(new MouseEvent('mouseout', { bubbles: true, relatedTarget: document.body }));
    expect(openTips()).toEqual([false, false, false]);
    buttons()[0]?.dispatchEvent(new FocusEvent('focusin', { bubbles: true }));
    expect(openTips()).toEqual([true, false, false]);
    // Escape anywhere on the page (focus outside the figure) closes it (WCAG 1.4.13).
    document.body.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape', bubbles: true }));
    expect(openTips()).toEqual([false, false, false]);
    expect(view).not.toHaveBeenCalled();
  });
});

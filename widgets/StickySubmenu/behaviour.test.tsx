// @vitest-environment jsdom
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { stickySubmenuMachine } from '../../machines/sticky-submenu/sticky-submenu.machine';
import { Island } from '../../runtime/render/Island';
import { answeringPage, cleanUpAnsweringPages, islandShape } from '../../tests/support/answering';
import stickySubmenuBehaviour, { drawStickySubmenu } from './behaviour';
import stickySubmenu from './widget';

const CONTENT = {
  id: 'services-menu',
  label: 'On this page',
  buttonLabel: 'On this page',
  links: [
    { href: '#care', label: 'Care' },
    { href: '#news', label: 'News' },
  ],
};

/** The sub-menu island as the prerender writes it (inline, closed). */
const prerendered = () => renderToString(<Island widget={stickySubmenu} content={CONTENT} slots={{}} settings={{}} hydrate="idle" />);

type Value = Parameters<typeof stickySubmenuMachine.resolveState>[0]['value'];
const snapshotIn = (value: Value) => stickySubmenuMachine.resolveState({ value, context: {} as never });

/** What the view renders in a state: the prerendered island with the view's markup for it. */
function viewIn(value: Value): string {
  const View = stickySubmenu.View;
  const html = renderToString(<View actorRef={createActor(stickySubmenuMachine, { snapshot: snapshotIn(value) })} settings={{}} content={CONTENT} slots={{}} />);
  return prerendered().replace(/<nav[\s\S]*<\/nav>/, html);
}

cleanUpAnsweringPages();

const nav = () => document.querySelector<HTMLElement>('.sc-submenu') as HTMLElement;
const toggle = () => document.querySelector<HTMLElement>('.sc-submenu__toggle') as HTMLElement;
const list = () => document.querySelector<HTMLElement>('.sc-submenu__list') as HTMLElement;

describe('the sticky sub-menu behaviour draws what the view renders (issue 35, goal 2)', () => {
  it.each([
    { placement: 'inline', menu: 'open' },
    { placement: 'stuck', menu: 'closed' },
    { placement: 'stuck', menu: 'open' },
  ] as const)('%o: the same navigation, button and list as the view', (value) => {
    const host = document.createElement('div');
    host.innerHTML = prerendered();
    drawStickySubmenu(host.querySelector<HTMLElement>('[data-widget]') as HTMLElement, snapshotIn(value));
    expect(islandShape(host.innerHTML)).toEqual(islandShape(viewIn(value)));
    expect(islandShape(host.innerHTML)).not.toEqual(islandShape(prerendered()));
  });
});

describe('the sticky sub-menu answers its button without its view (issue 35, goal 2)', () => {
  it('a tap on the folded menu’s button before the chunk arrives is acknowledged, then opens it; Escape and a followed link close it; the view never loads', async () => {
    const page = answeringPage(prerendered(), stickySubmenu, stickySubmenuBehaviour);
    const { controller } = page;
    const { island, view, release } = page;
    toggle().dispatchEvent(new Event('pointerdown', { bubbles: true }));
    toggle().click();
    expect(island.getAttribute('aria-busy')).toBe('true');
    expect(toggle().getAttribute('aria-expanded')).toBe('false');
    release();
    await controller.settled();
    expect(island.dataset.island).toBe('answering');
    expect(toggle().getAttribute('aria-expanded')).toBe('true');
    expect(list().dataset.open).toBe('true');
    nav().dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape', bubbles: true }));
    expect(toggle().getAttribute('aria-expanded')).toBe('false');
    expect(list().dataset.open).toBeUndefined();
    toggle().click();
    expect(list().dataset.open).toBe('true');
    nav().querySelector<HTMLElement>('a[href="#news"]')?.dispatchEvent(new MouseEvent('click', { bubbles: true, cancelable: true }));
    expect(list().dataset.open).toBeUndefined();
    expect(view).not.toHaveBeenCalled();
  });
});

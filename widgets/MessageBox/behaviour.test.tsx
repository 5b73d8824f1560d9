// @vitest-environment jsdom
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { contentsHash } from '../../machines/message-box/message-box.rules';
import { messageBoxMachine } from '../../machines/message-box/message-box.machine';
import { Island } from '../../runtime/render/Island';
import { answeringPage, cleanUpAnsweringPages, islandShape } from '../../tests/support/answering';
import messageBoxBehaviour, { drawMessageBox } from './behaviour';
import messageBox from './widget';

const CONTENT = { label: 'Notice: winter hours' };
const SETTINGS = { id: 'winter-hours', contents: 'We close at 4 pm.', days: 60, cookie: 'custom' as const };
const SLOTS = { message: <p>We close at 4 pm.</p> };
const INPUT = { id: SETTINGS.id, contents: SETTINGS.contents, mode: 'custom', days: 60 } as const;

/** The box as the prerender writes it (unchecked: shown). */
const prerendered = () => renderToString(<Island widget={messageBox} content={CONTENT} slots={SLOTS} settings={SETTINGS} hydrate="idle" />);

/** What the view renders in a state: the prerender's island with the view's region props for it. */
function viewIn(value: 'visible' | 'dismissed'): string {
  const actor = createActor(messageBoxMachine.provide({ guards: { hasMatchingCookie: () => value === 'dismissed' } }), { input: INPUT }).start();
  actor.send({ type: 'box.check' });
  expect(actor.getSnapshot().value).toBe(value);
  const View = messageBox.View;
  const html = renderToString(<View actorRef={actor} settings={SETTINGS} content={CONTENT} slots={{ message: renderToString(SLOTS.message) }} />);
  return prerendered().replace(/<section[\s\S]*<\/section>/, html);
}

cleanUpAnsweringPages();
afterEach(() => {
  document.cookie = `${SETTINGS.id}=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/`;
});

const region = () => document.querySelector<HTMLElement>('.message-box') as HTMLElement;
const closeButton = () => document.querySelector<HTMLElement>('.message-box__close') as HTMLElement;

describe('the message box behaviour draws what the view renders (issue 35, goal 2)', () => {
  it.each(['visible', 'dismissed'] as const)('%s: the same region and button as the view', (value) => {
    const actor = createActor(messageBoxMachine, { input: INPUT }).start();
    if (value === 'visible') actor.send({ type: 'box.check' });
    else actor.send({ type: 'box.close' });
    const host = document.createElement('div');
    host.innerHTML = prerendered();
    drawMessageBox(host.querySelector<HTMLElement>('[data-widget]') as HTMLElement, actor.getSnapshot());
    expect(islandShape(host.innerHTML)).toEqual(islandShape(viewIn(value)));
    expect(islandShape(host.innerHTML)).not.toEqual(islandShape(prerendered()));
  });
});

describe('the message box answers its close button without its view (issue 35, goal 2)', () => {
  it('a close tapped before the chunk arrives is acknowledged, then hides the box, sets its cookie and puts focus where it was; the view never loads', async () => {
    const page = answeringPage(prerendered(), messageBox, messageBoxBehaviour);
    const { controller } = page;
    const { island, view, release } = page;
    closeButton().dispatchEvent(new Event('pointerdown', { bubbles: true }));
    closeButton().click();
    expect(island.getAttribute('aria-busy')).toBe('true');
    expect(region().hidden).toBe(false);
    release();
    await controller.settled();
    expect(island.dataset.island).toBe('answering');
    expect(region().hidden).toBe(true);
    expect(region().dataset.state).toBe('dismissed');
    expect(document.cookie).toContain(`${SETTINGS.id}=${contentsHash(SETTINGS.contents)}`);
    expect(document.activeElement).toBe(island);
    expect(view).not.toHaveBeenCalled();
  });

  it('a returning visitor whose cookie matches: the behaviour hides the box once it starts', async () => {
    document.cookie = `${SETTINGS.id}=${contentsHash(SETTINGS.contents)}; path=/`;
    const page = answeringPage(prerendered(), messageBox, messageBoxBehaviour);
    const { controller } = page;
    page.release();
    await controller.activateAll();
    expect(region().hidden).toBe(true);
    expect(region().dataset.state).toBe('dismissed');
  });

  it('a cookie for other contents does not count: the box shows, checked', async () => {
    document.cookie = `${SETTINGS.id}=00000000; path=/`;
    const page = answeringPage(prerendered(), messageBox, messageBoxBehaviour);
    const { controller } = page;
    page.release();
    await controller.activateAll();
    expect(region().hidden).toBe(false);
    expect(region().dataset.state).toBe('visible');
  });
});

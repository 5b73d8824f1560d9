import type { ActorRefFrom, SnapshotFrom } from 'xstate';
import { magazineTabsMachine, type MagazineTabsEvent } from '../../machines/magazine-tabs/magazine-tabs.machine';
import { drawProps } from '../../runtime/connect';
import { translate } from '../../runtime/translations';
import { defineBehaviour } from '../../runtime/widget';
import type { MagazineContent } from './MagazineTabs';
import { connectMagazineTabs } from './magazine-tabs.connect';
import { magazineTabsSettings } from './magazine-tabs.settings';
import { magazineTabsTranslations } from './magazine-tabs.translations';

const ROOT = ':scope > .sc-magazine';
const BUTTONS = ':scope > .sc-magazine__sort > .sc-magazine__button';
const STATUS = ':scope > [role="status"]';
const ENTRIES = ':scope > .sc-magazine__entries';

type Snapshot = SnapshotFrom<typeof magazineTabsMachine>;

const connect = (snapshot: Snapshot, send: (event: MagazineTabsEvent) => void, content: MagazineContent) =>
  connectMagazineTabs(snapshot, send, translate(magazineTabsTranslations, content.translations), content);

/** Draws a state on the prerendered magazine tabs as MagazineTabs.tsx renders it: the pressed button, the status, the entries shown. */
export function drawMagazineTabs(element: HTMLElement, snapshot: Snapshot, content: MagazineContent) {
  const root = element.querySelector(ROOT);
  if (!root) return;
  const api = connect(snapshot, () => undefined, content);
  root.querySelectorAll(BUTTONS).forEach((button, index) => drawProps(button, api.getButtonProps(api.buttons[index]?.id ?? '')));
  const status = root.querySelector(STATUS);
  if (status && status.textContent !== api.statusText) status.textContent = api.statusText;
  const entries = root.querySelector(ENTRIES);
  if (!entries) return;
  drawProps(entries, api.entriesProps);
  [...entries.children].forEach((entry, index) => drawProps(entry, api.getEntryProps(content.entries[index]?.groups ?? [])));
}

/** A click on a sort button, sent to the machine as the view's handler sends it (Enter and Space are the buttons' own). */
function listen(element: HTMLElement, actor: ActorRefFrom<typeof magazineTabsMachine>, content: MagazineContent): () => void {
  const buttons = [...element.querySelectorAll<HTMLElement>(`${ROOT} > .sc-magazine__sort > .sc-magazine__button`)];
  const onClick = (event: Event) => {
    const button = event.target instanceof Element ? event.target.closest<HTMLElement>('.sc-magazine__button') : null;
    const index = button ? buttons.indexOf(button) : -1;
    if (index < 0) return;
    const api = connect(actor.getSnapshot(), actor.send, content);
    api.getButtonProps(api.buttons[index]?.id ?? '').onClick();
  };
  element.addEventListener('click', onClick);
  return () => element.removeEventListener('click', onClick);
}

/**
 * The magazine tabs without their view (issue 35, goal 2): the group shown is a pressed button, a
 * status line and the entries' `hidden`, drawn on the prerendered list, so the behaviour answers a
 * first tap itself (`answersInput` in widgets/registry.ts), with no React.
 */
export default defineBehaviour({
  name: 'magazine-tabs',
  settings: magazineTabsSettings,
  machine: magazineTabsMachine,
  input: (_settings, content: MagazineContent) => ({
    groups: content.groups.map((group) => ({ id: group.id, count: content.entries.filter((entry) => entry.groups.includes(group.id)).length })),
  }),
  translations: magazineTabsTranslations,
  bind: drawMagazineTabs,
  connect: listen,
  hydrate: 'visible',
});

import type { ActorRefFrom, SnapshotFrom } from 'xstate';
import { lightboxMachine, type LightboxEvent } from '../../machines/lightbox/lightbox.machine';
import { listenTo } from '../../runtime/connect';
import { translate } from '../../runtime/translations';
import { defineBehaviour } from '../../runtime/widget';
import type { LightboxContent } from './Lightbox';
import { lightboxAdapters } from './lightbox-adapters';
import { connectLightbox } from './lightbox.connect';
import { drawLightboxDialog, listenToLightboxDialog } from './lightbox.dom';
import { lightboxSettings } from './lightbox.settings';
import { lightboxTranslations } from './lightbox.translations';

const LINKS = ':scope > .lightbox-links > li > a';

type Snapshot = SnapshotFrom<typeof lightboxMachine>;

const connect = (snapshot: Snapshot, send: (event: LightboxEvent) => void, content: LightboxContent) =>
  connectLightbox(snapshot, send, translate(lightboxTranslations, content.translations));

/**
 * The lightbox's links without their view (issue 35, goal 2): a click on a link opens its entry in
 * the dialog, which `bind` draws after the links where Lightbox.tsx renders it (lightbox.dom.ts);
 * the links themselves look the same in every state. Until the first click the links work as plain
 * links; the click that loads this behaviour is replayed to it.
 */
export default defineBehaviour({
  name: 'lightbox',
  settings: lightboxSettings,
  machine: lightboxMachine,
  input: (_settings, content: LightboxContent) => ({ items: content.items }),
  provide: ({ element, clock }) => lightboxAdapters(element, clock),
  bind: (element, snapshot, content) => drawLightboxDialog(element, connect(snapshot, () => undefined, content)),
  connect: (element: HTMLElement, actor: ActorRefFrom<typeof lightboxMachine>, content: LightboxContent) => {
    const links = [...element.querySelectorAll(LINKS)];
    const stopLinks = listenTo(element, {
      click(event) {
        const link = event.target instanceof Element ? event.target.closest('a') : null;
        const index = link ? links.indexOf(link) : -1;
        if (index < 0) return;
        event.preventDefault();
        actor.send({ type: 'lightbox.open', index });
      },
    });
    const stopDialog = listenToLightboxDialog(element, () => connect(actor.getSnapshot(), actor.send, content));
    return () => {
      stopLinks();
      stopDialog();
    };
  },
  hydrate: 'interaction',
});

import { useSelector } from '@xstate/react';
import { useEffect, useLayoutEffect, useRef, useSyncExternalStore, type RefObject } from 'react';
import type { ActorRefFrom, SnapshotFrom } from 'xstate';
import type { donationCheckoutMachine } from '../../machines/donation-checkout/donation-checkout.machine';
import { translate } from '../../runtime/translations';
import type { DonateButtonContent } from './behaviour';
import { DonateOverlay } from './DonateOverlay';
import { connectDonateButton } from './donate-button.connect';
import { preloadOverlayText } from './donate-overlay.dom';
import { onSettingsWritten } from './donate-api';
import { noScriptHref, propsOf, writtenSettings, type DonateButtonSettings } from './donate-button.settings';
import { donateButtonTranslations } from './donate-button.translations';

export type { DonateButtonContent };

interface Props {
  actorRef: ActorRefFrom<typeof donationCheckoutMachine>;
  settings: DonateButtonSettings;
  content?: DonateButtonContent;
}

type Snapshot = SnapshotFrom<typeof donationCheckoutMachine>;

/**
 * The button's settings as they are now: the ones it hydrated with, then, after each JS call
 * (donate-api.ts), its attributes read again through the same schema, so the call and the
 * page's own attributes behave the same whenever they arrive.
 */
function useLiveSettings(root: RefObject<HTMLElement | null>, hydratedWith: DonateButtonSettings): DonateButtonSettings {
  const subscribe = (onChange: () => void) => {
    const island = root.current?.parentElement;
    return island ? onSettingsWritten(island, onChange) : () => undefined;
  };
  const read = () => {
    const island = root.current?.parentElement;
    return island ? writtenSettings(island) : null;
  };
  return useSyncExternalStore(subscribe, read, () => null) ?? hydratedWith;
}

/** Sets the attributes an element must have; null removes one. */
function setAttributes(element: Element | null, attributes: Record<string, string | null>) {
  if (!element) return;
  for (const [name, value] of Object.entries(attributes)) {
    if (value === null) element.removeAttribute(name);
    else if (element.getAttribute(name) !== value) element.setAttribute(name, value);
  }
}

/** §2 Donate button: the button image (a link that works without JS), its status, and the overlay (donate-button.connect.ts). */
export function DonateButton({ actorRef, settings: hydratedWith, content }: Props) {
  const t = translate(donateButtonTranslations, content?.translations);
  const snapshot = useSelector(actorRef, (s: Snapshot) => s);
  const trigger = useRef<HTMLAnchorElement>(null);
  const wasOpen = useRef(false);
  const root = useRef<HTMLDivElement>(null);
  const imageRef = useRef<HTMLImageElement>(null);
  const settings = useLiveSettings(root, hydratedWith);
  const api = connectDonateButton(snapshot, settings, actorRef.send, t);
  const open = api.overlay !== null;
  // The overlay's help text in another language than English is its own chunk: ready before the click.
  useEffect(preloadOverlayText, []);

  useLayoutEffect(() => {
    // React does not patch attributes it hydrates over, and the page was prerendered before any
    // JS call: what a call wrote before hydration is put on the image and the link here, once.
    setAttributes(imageRef.current, {
      src: hydratedWith.imageSrc,
      alt: hydratedWith.imageAlt,
      title: hydratedWith.imageTitle || null,
      width: String(hydratedWith.imageWidth),
      height: String(hydratedWith.imageHeight),
    });
    imageRef.current?.style.setProperty('aspect-ratio', `${hydratedWith.imageWidth} / ${hydratedWith.imageHeight}`);
    setAttributes(trigger.current, { href: noScriptHref(hydratedWith) });
    // Once, after hydration; later changes are React's own renders.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  useEffect(() => {
    // A JS call after hydration: the checkout uses the new props too.
    if (settings !== hydratedWith) actorRef.send({ type: 'donate.configure', props: propsOf(settings) });
  }, [actorRef, settings, hydratedWith]);

  useEffect(() => {
    // APG dialog: closing returns focus to the control that opened it.
    if (wasOpen.current && !open) trigger.current?.focus();
    wasOpen.current = open;
  }, [open]);

  const image = <img ref={imageRef} {...api.imageProps} style={api.imageStyle} />;
  const statusLine = <p {...api.statusProps}>{api.statusText}</p>;

  if (api.remote) {
    // The frame comes once the provider is known: the prerender, and a view hydrating over it, show
    // the snapshot they were drawn with (runtime/mount.tsx), so the frame is there only where it was.
    return (
      <div ref={root} {...api.rootProps}>
        <div {...api.remoteBoxProps} style={api.remoteBoxStyle}>
          {api.remoteFrameProps ? <iframe {...api.remoteFrameProps} /> : <a {...api.remoteLinkProps}>{image}</a>}
        </div>
        {statusLine}
      </div>
    );
  }

  return (
    <div ref={root} {...api.rootProps}>
      <a ref={trigger} {...api.triggerProps}>
        {api.label ? <span {...api.labelProps}>{api.label}</span> : image}
      </a>
      {statusLine}
      {api.overlay ? <DonateOverlay {...api.overlay} {...api.overlayHandlers} translations={t} /> : null}
    </div>
  );
}

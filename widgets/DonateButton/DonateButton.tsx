import { useSelector } from '@xstate/react';
import { useEffect, useLayoutEffect, useRef, useSyncExternalStore, type MouseEvent, type RefObject } from 'react';
import type { ActorRefFrom, SnapshotFrom } from 'xstate';
import type { donationCheckoutMachine } from '../../machines/donation-checkout/donation-checkout.machine';
import { checkoutUrlFor, remoteUrlFor } from '../../machines/donation-checkout/donation-checkout.rules';
import { translate, type Translations } from '../../runtime/translations';
import { DonateOverlay, preloadOverlayText, type FrameStage, type OverlayContext } from './DonateOverlay';
import { onSettingsWritten, settingsWrites } from './donate-api';
import { donateButtonSettings, noScriptHref, propsOf, type DonateButtonSettings } from './donate-button.settings';
import { donateButtonTranslations, type DonateButtonTranslations } from './donate-button.translations';

/** The button's content: only its labels in the page's language, when the page is not in English. */
export interface DonateButtonContent {
  translations?: Partial<DonateButtonTranslations>;
}

interface Props {
  actorRef: ActorRefFrom<typeof donationCheckoutMachine>;
  settings: DonateButtonSettings;
  content?: DonateButtonContent;
}

type Snapshot = SnapshotFrom<typeof donationCheckoutMachine>;

function overlayContextOf(snapshot: Snapshot): OverlayContext | null {
  if (snapshot.matches('popup')) return 'popup';
  if (snapshot.matches('framing')) return 'iframe';
  return null;
}

function frameStageOf(snapshot: Snapshot): FrameStage | null {
  if (snapshot.matches({ framing: 'prerendering' })) return 'prerendering';
  if (snapshot.matches({ framing: 'revealing' })) return 'revealing';
  if (snapshot.matches({ framing: 'shown' })) return 'shown';
  return null;
}

type StatusKey = 'complete' | 'redirecting' | null;

function statusOf(snapshot: Snapshot): StatusKey {
  if (snapshot.matches('completed') || snapshot.matches({ remote: 'done' })) return 'complete';
  if (snapshot.matches('redirecting')) return 'redirecting';
  return null;
}

const statusText = (key: StatusKey, t: Translations<DonateButtonTranslations>) => (key ? t[key] : '');

const noSubscription = () => () => undefined;
/** False while React hydrates the prerendered markup (which the server rendered without a provider), true after. */
function useHydrated(): boolean {
  return useSyncExternalStore(noSubscription, () => true, () => false);
}

/** The island's attributes re-read after JS calls, per island and per call (a stable snapshot). */
const reread = new WeakMap<Element, { writes: number; settings: DonateButtonSettings }>();

function rereadSettings(island: Element & { dataset: DOMStringMap }): DonateButtonSettings | null {
  const writes = settingsWrites(island);
  if (writes === 0) return null;
  const cached = reread.get(island);
  if (cached?.writes === writes) return cached.settings;
  const settings = donateButtonSettings.parse(island.dataset);
  reread.set(island, { writes, settings });
  return settings;
}

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
    return island ? rereadSettings(island) : null;
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

/** §2 Donate button: the button image (a link that works without JS), its status, and the overlay. */
export function DonateButton({ actorRef, settings: hydratedWith, content }: Props) {
  const t = translate(donateButtonTranslations, content?.translations);
  const overlay = useSelector(actorRef, overlayContextOf);
  const frameStage = useSelector(actorRef, frameStageOf);
  const status = useSelector(actorRef, statusOf);
  const place = useSelector(actorRef, (s) => s.context.place);
  const origin = useSelector(actorRef, (s) => s.context.origin);
  const remoteLoaded = useSelector(actorRef, (s) => s.matches({ remote: 'ready' }) || s.matches({ remote: 'done' }));
  const frameHeight = useSelector(actorRef, (s) => s.context.frameHeight);
  const hydrated = useHydrated();
  const trigger = useRef<HTMLAnchorElement>(null);
  const wasOpen = useRef(false);
  const root = useRef<HTMLDivElement>(null);
  const imageRef = useRef<HTMLImageElement>(null);
  const settings = useLiveSettings(root, hydratedWith);
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
    if (wasOpen.current && overlay === null) trigger.current?.focus();
    wasOpen.current = overlay !== null;
  }, [overlay]);

  const props = propsOf(settings);
  const image = (
    <img
      ref={imageRef}
      src={settings.imageSrc}
      alt={settings.imageAlt}
      title={settings.imageTitle || undefined}
      width={settings.imageWidth}
      height={settings.imageHeight}
      // §3 height: the site's img rule (height: auto) would follow the picture's own shape instead.
      style={{ aspectRatio: `${settings.imageWidth} / ${settings.imageHeight}` }}
    />
  );
  // Issue 31 item 25: the site's own accent button, its text its name; the image otherwise (§3).
  const face = settings.label ? <span className="donate-button__label">{settings.label}</span> : image;
  const linkClass = settings.label ? 'donate-button__link donate-button__link--accent' : 'donate-button__link';
  const statusLine = (
    <p className="donate-button__status" role="status">
      {statusText(status, t)}
    </p>
  );

  if (settings.variant === 'remote') {
    return (
      <div ref={root} className="donate-button donate-button--remote">
        {/* Issue 31.25: the frame's box is as tall as the provider's content says (the prerender, with
            the link, reserves the first height), so nothing around it moves when the frame comes. */}
        <div className="donate-button__remote-box" style={{ height: `${frameHeight}px` }}>
          {place && hydrated ? (
            <iframe
              className="donate-button__remote"
              data-loaded={remoteLoaded ? 'true' : 'false'}
              title={t.remoteFrame}
              src={remoteUrlFor(place, props, origin)}
              onLoad={() => actorRef.send({ type: 'frame.loaded' })}
            />
          ) : (
            <a className="donate-button__link" href={noScriptHref(settings)}>
              {image}
            </a>
          )}
        </div>
        {statusLine}
      </div>
    );
  }

  const start = (event: MouseEvent) => {
    event.preventDefault();
    actorRef.send({ type: 'donate.start' });
  };

  return (
    <div ref={root} className="donate-button">
      <a ref={trigger} className={linkClass} href={noScriptHref(settings)} onClick={start} aria-haspopup="dialog">
        {face}
      </a>
      {statusLine}
      {overlay ? (
        <DonateOverlay
          context={overlay}
          frameStage={frameStage}
          frameUrl={overlay === 'iframe' ? checkoutUrlFor(place, props, origin, 'iframe') : ''}
          hideCloseButton={settings.hideCloseButton}
          translations={t}
          onRefocus={() => actorRef.send({ type: 'overlay.focus' })}
          onClose={() => actorRef.send({ type: 'overlay.close' })}
          onFrameLoaded={() => actorRef.send({ type: 'frame.loaded' })}
        />
      ) : null}
    </div>
  );
}

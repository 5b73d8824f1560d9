import { useSelector } from '@xstate/react';
import { useEffect, useRef, useSyncExternalStore, type MouseEvent } from 'react';
import type { ActorRefFrom, SnapshotFrom } from 'xstate';
import type { donationCheckoutMachine } from '../../machines/donation-checkout/donation-checkout.machine';
import { checkoutUrlFor, remoteUrlFor } from '../../machines/donation-checkout/donation-checkout.rules';
import { DonateOverlay, type FrameStage, type OverlayContext } from './DonateOverlay';
import { noScriptHref, propsOf, type DonateButtonSettings } from './donate-button.settings';

interface Props {
  actorRef: ActorRefFrom<typeof donationCheckoutMachine>;
  settings: DonateButtonSettings;
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

function statusOf(snapshot: Snapshot): string {
  if (snapshot.matches('completed') || snapshot.matches({ remote: 'done' })) return 'Thank you. Your donation is complete.';
  if (snapshot.matches('redirecting')) return 'Taking you to the secure checkout…';
  return '';
}

const noSubscription = () => () => undefined;
/** False while React hydrates the prerendered markup (which the server rendered without a provider), true after. */
function useHydrated(): boolean {
  return useSyncExternalStore(noSubscription, () => true, () => false);
}

/** §2 Donate button: the button image (a link that works without JS), its status, and the overlay. */
export function DonateButton({ actorRef, settings }: Props) {
  const overlay = useSelector(actorRef, overlayContextOf);
  const frameStage = useSelector(actorRef, frameStageOf);
  const status = useSelector(actorRef, statusOf);
  const place = useSelector(actorRef, (s) => s.context.place);
  const origin = useSelector(actorRef, (s) => s.context.origin);
  const remoteLoaded = useSelector(actorRef, (s) => s.matches({ remote: 'ready' }) || s.matches({ remote: 'done' }));
  const hydrated = useHydrated();
  const trigger = useRef<HTMLAnchorElement>(null);
  const wasOpen = useRef(false);

  useEffect(() => {
    // APG dialog: closing returns focus to the control that opened it.
    if (wasOpen.current && overlay === null) trigger.current?.focus();
    wasOpen.current = overlay !== null;
  }, [overlay]);

  const props = propsOf(settings);
  const image = (
    <img src={settings.imageSrc} alt={settings.imageAlt} title={settings.imageTitle || undefined} width={settings.imageWidth} height={settings.imageHeight} />
  );
  const statusLine = (
    <p className="donate-button__status" role="status">
      {status}
    </p>
  );

  if (settings.variant === 'remote') {
    return (
      <div className="donate-button donate-button--remote">
        {place && hydrated ? (
          <iframe
            className="donate-button__remote"
            data-loaded={remoteLoaded ? 'true' : 'false'}
            title="Donate (secure button)"
            src={remoteUrlFor(place, props, origin)}
            onLoad={() => actorRef.send({ type: 'frame.loaded' })}
          />
        ) : (
          <a className="donate-button__link" href={noScriptHref(settings)}>
            {image}
          </a>
        )}
        {statusLine}
      </div>
    );
  }

  const start = (event: MouseEvent) => {
    event.preventDefault();
    actorRef.send({ type: 'donate.start' });
  };

  return (
    <div className="donate-button">
      <a ref={trigger} className="donate-button__link" href={noScriptHref(settings)} onClick={start} aria-haspopup="dialog">
        {image}
      </a>
      {statusLine}
      {overlay ? (
        <DonateOverlay
          context={overlay}
          frameStage={frameStage}
          frameUrl={overlay === 'iframe' ? checkoutUrlFor(place, props, origin, 'iframe') : ''}
          hideCloseButton={settings.hideCloseButton}
          onRefocus={() => actorRef.send({ type: 'overlay.focus' })}
          onClose={() => actorRef.send({ type: 'overlay.close' })}
          onFrameLoaded={() => actorRef.send({ type: 'frame.loaded' })}
        />
      ) : null}
    </div>
  );
}

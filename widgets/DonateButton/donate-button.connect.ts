import type { SnapshotFrom } from 'xstate';
import type { DonationCheckoutEvent, donationCheckoutMachine } from '../../machines/donation-checkout/donation-checkout.machine';
import { checkoutUrlFor, remoteUrlFor } from '../../machines/donation-checkout/donation-checkout.rules';
import type { PressInput } from '../../runtime/connect';
import type { Translations } from '../../runtime/translations';
import { noScriptHref, propsOf, type DonateButtonSettings } from './donate-button.settings';
import type { DonateButtonTranslations } from './donate-button.translations';
import type { FrameStage, OverlayContext, OverlayHandlers, OverlayState } from './donate-overlay.connect';

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

function statusOf(snapshot: Snapshot): 'complete' | 'redirecting' | null {
  if (snapshot.matches('completed') || snapshot.matches({ remote: 'done' })) return 'complete';
  if (snapshot.matches('redirecting')) return 'redirecting';
  return null;
}

/** The overlay a state shows: its context and frame stage, and the checkout frame's address. */
export interface OverlayModel extends OverlayState {
  frameUrl: string;
}

/**
 * §2 Donate button, §3 its settings, §4 the checkout it starts: every prop the view (DonateButton.tsx)
 * renders and the behaviour (behaviour.ts) draws, from the machine's snapshot and the button's live
 * settings (a JS call may change them, donate-api.ts). The overlay's own ARIA and keys are
 * donate-overlay.connect.ts.
 */
export function connectDonateButton(snapshot: Snapshot, settings: DonateButtonSettings, send: (event: DonationCheckoutEvent) => void, t: Translations<DonateButtonTranslations>) {
  const props = propsOf(settings);
  const { place, origin, frameHeight } = snapshot.context;
  const remote = settings.variant === 'remote';
  const overlay = overlayContextOf(snapshot);
  const status = statusOf(snapshot);
  const href = noScriptHref(settings);
  const overlayModel: OverlayModel | null = overlay
    ? {
        context: overlay,
        frameStage: frameStageOf(snapshot),
        hideCloseButton: settings.hideCloseButton,
        frameUrl: overlay === 'iframe' ? checkoutUrlFor(place, props, origin, 'iframe') : '',
      }
    : null;
  const overlayHandlers: OverlayHandlers = {
    onRefocus: () => send({ type: 'overlay.focus' }),
    onClose: () => send({ type: 'overlay.close' }),
    onFrameLoaded: () => send({ type: 'frame.loaded' }),
  };
  return {
    remote,
    rootProps: { className: remote ? 'donate-button donate-button--remote' : 'donate-button' },
    triggerProps: {
      className: settings.label ? 'donate-button__link donate-button__link--accent' : 'donate-button__link',
      href,
      'aria-haspopup': 'dialog',
      onClick: (event: PressInput) => {
        event.preventDefault();
        send({ type: 'donate.start' });
      },
    } as const,
    /** Issue 31 item 25: the site's own accent button, its text its name; the image otherwise (§3). */
    label: settings.label,
    labelProps: { className: 'donate-button__label' },
    imageProps: {
      src: settings.imageSrc,
      alt: settings.imageAlt,
      title: settings.imageTitle || undefined,
      width: settings.imageWidth,
      height: settings.imageHeight,
    },
    // §3 height: the site's img rule (height: auto) would follow the picture's own shape instead.
    imageStyle: { aspectRatio: `${settings.imageWidth} / ${settings.imageHeight}` },
    statusProps: { className: 'donate-button__status', role: 'status' } as const,
    statusText: status ? t[status] : '',
    /** Issue 31.25: the remote frame's box is as tall as the provider's content says. */
    remoteBoxProps: { className: 'donate-button__remote-box' },
    remoteBoxStyle: { height: `${frameHeight}px` },
    remoteLinkProps: { className: 'donate-button__link', href },
    /** The provider's own button, once the site's provider is known (the link until then). */
    remoteFrameProps: place
      ? {
          className: 'donate-button__remote',
          'data-loaded': snapshot.matches({ remote: 'ready' }) || snapshot.matches({ remote: 'done' }) ? 'true' : 'false',
          title: t.remoteFrame,
          src: remoteUrlFor(place, props, origin),
          onLoad: () => send({ type: 'frame.loaded' }),
        }
      : null,
    overlay: overlayModel,
    overlayHandlers,
  };
}

export type DonateButtonApi = ReturnType<typeof connectDonateButton>;

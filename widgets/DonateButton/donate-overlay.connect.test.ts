import { describe, expect, it, vi } from 'vitest';
import { connectDonateOverlay } from './donate-overlay.connect';
import { donateButtonTranslations } from './donate-button.translations';

function connected(context: 'popup' | 'iframe', hideCloseButton = false) {
  const calls: string[] = [];
  const handlers = { onRefocus: () => calls.push('refocus'), onClose: () => calls.push('close'), onFrameLoaded: () => calls.push('loaded') };
  const api = connectDonateOverlay({ context, frameStage: context === 'iframe' ? 'prerendering' : null, hideCloseButton }, handlers, donateButtonTranslations);
  return { api, calls };
}

describe('the donate overlay connect layer (WAI-ARIA modal dialog)', () => {
  it('is named "Donation checkout"; Escape closes; in the popup context a click anywhere refocuses the popup', () => {
    const { api, calls } = connected('popup');
    expect(api.dialogProps).toMatchObject({ className: 'donate-overlay', 'data-context': 'popup', 'aria-label': 'Donation checkout', tabIndex: -1 });
    api.dialogProps.onDismiss();
    api.dialogProps.onClick?.();
    expect(calls).toEqual(['close', 'refocus']);
    expect(connected('iframe').api.dialogProps.onClick).toBeUndefined();
  });

  it('the close link is a button: a click or Space closes without reaching the overlay behind; other keys do nothing', () => {
    const { api, calls } = connected('popup');
    const click = { preventDefault: vi.fn(), stopPropagation: vi.fn() };
    api.closeProps?.onClick(click);
    expect(click.stopPropagation).toHaveBeenCalledOnce();
    const space = { key: ' ', currentTarget: {} as Element, preventDefault: vi.fn() };
    api.closeProps?.onKeyDown(space);
    expect(space.preventDefault).toHaveBeenCalledOnce();
    api.closeProps?.onKeyDown({ key: 'a', currentTarget: {} as Element, preventDefault: vi.fn() });
    api.continueProps.onKeyDown({ key: ' ', currentTarget: {} as Element, preventDefault: vi.fn() });
    expect(calls).toEqual(['close', 'close', 'refocus']);
    expect(api.closeProps).toMatchObject({ role: 'button', 'aria-label': 'close' });
    expect(connected('popup', true).api.closeProps).toBeNull();
  });

  it('the frame context: a status spinner until the frame shows, the frame titled, its labels from the translations', () => {
    const { api, calls } = connected('iframe');
    expect(api.spinnerProps).toMatchObject({ role: 'status', hidden: false });
    expect(api.frameProps).toMatchObject({ 'data-stage': 'prerendering', title: 'Secure donation checkout' });
    api.frameProps.onLoad();
    expect(calls).toEqual(['loaded']);
    const arabic = connectDonateOverlay({ context: 'iframe', frameStage: 'shown', hideCloseButton: false }, { onRefocus() {}, onClose() {}, onFrameLoaded() {} }, {
      ...donateButtonTranslations,
      dialog: 'إتمام التبرع',
      close: 'إغلاق',
    });
    expect([arabic.dialogProps['aria-label'], arabic.closeProps?.['aria-label'], arabic.spinnerProps.hidden]).toEqual(['إتمام التبرع', 'إغلاق', true]);
  });
});

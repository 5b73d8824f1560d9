import { renderToStaticMarkup } from 'react-dom/server';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { loadOverlayText } from '../../provider/donate/overlay-text';
import { DonateOverlay, type DonateOverlayProps } from './DonateOverlay';

const noop = () => undefined;
const base: DonateOverlayProps = {
  context: 'popup',
  frameStage: null,
  frameUrl: '',
  hideCloseButton: false,
  onRefocus: noop,
  onClose: noop,
  onFrameLoaded: noop,
};

describe('§4 the donate overlay markup', () => {
  it('is a native dialog (opened modal on mount) with a close link (role button, label "close") unless it is hidden', () => {
    const shown = renderToStaticMarkup(<DonateOverlay {...base} />);
    expect(shown).toMatch(/^<dialog class="donate-overlay" data-context="popup" aria-label="Donation checkout"/);
    expect(shown).toContain('role="button" class="donate-overlay__close" aria-label="close"');
    const hidden = renderToStaticMarkup(<DonateOverlay {...base} hideCloseButton />);
    expect(hidden).not.toContain('aria-label="close"');
  });

  it('the popup context shows the help text with "Click to Continue"; the frame context the spinner and the frame', () => {
    const popup = renderToStaticMarkup(<DonateOverlay {...base} />);
    expect(popup).toContain("Don&#x27;t see the secure browser? We&#x27;ll help you re-launch the window to complete your donation");
    expect(popup).toContain('Click to Continue');
    expect(popup).not.toContain('<iframe');
    const frame = renderToStaticMarkup(<DonateOverlay {...base} context="iframe" frameStage="prerendering" frameUrl="http://127.0.0.1:4174/donate/?x=1" />);
    expect(frame).toContain('class="donate-overlay__spinner" role="status"');
    expect(frame).toContain('data-stage="prerendering" title="Secure donation checkout" src="http://127.0.0.1:4174/donate/?x=1"');
    expect(frame).not.toContain('Click to Continue');
    const shown = renderToStaticMarkup(<DonateOverlay {...base} context="iframe" frameStage="shown" frameUrl="about:blank" />);
    expect(shown).toMatch(/class="donate-overlay__spinner" role="status" hidden=""/);
  });

  describe('the help text’s language', () => {
    afterEach(() => {
      vi.unstubAllGlobals();
    });

    it('until another language’s text has loaded (its own chunk, issue 35) the help is the English text, marked busy', () => {
      vi.stubGlobal('navigator', { languages: ['ja-JP'] });
      const waiting = renderToStaticMarkup(<DonateOverlay {...base} />);
      expect(waiting).toContain('lang="en" dir="ltr" aria-busy="true"');
      expect(waiting).toContain('Click to Continue');
    });

    it('is the one the payment SDK resolves from the browser’s locales (a country’s default language for one the provider lacks)', async () => {
      await loadOverlayText(['kl-DK']); // what the button does at hydration (preloadOverlayText)
      vi.stubGlobal('navigator', { languages: ['kl-DK'] });
      const danish = renderToStaticMarkup(<DonateOverlay {...base} />);
      expect(danish).toContain('lang="da"');
      expect(danish).toContain('Klik for at fortsætte');
      vi.stubGlobal('navigator', { languages: [], language: 'zh-HK' });
      expect(renderToStaticMarkup(<DonateOverlay {...base} />)).toContain('按一下以繼續');
    });
  });
});

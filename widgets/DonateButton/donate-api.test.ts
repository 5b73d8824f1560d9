// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createTestClock } from '../../runtime/test-clock';
import { callbacksFor, donateApi, onSettingsWritten, renderDonateButton, settingsWrites } from './donate-api';
import { donateButtonSettings, noScriptHref } from './donate-button.settings';

afterEach(() => {
  document.body.innerHTML = '';
  vi.restoreAllMocks();
});

function island(id = 'donate-button') {
  document.body.innerHTML = `<div data-widget="donate-button" id="${id}"></div>`;
  const element = document.getElementById(id);
  if (!element) throw new Error('no island');
  return element;
}

describe('window.sitechartsDonate.render: the one JS call', () => {
  it('writes the options as the island’s data attributes, which the settings schema reads', () => {
    const element = island();
    renderDonateButton('#donate-button', {
      env: 'sandbox',
      hosted_button_id: 'HB-1',
      baseUrl: 'https://donate.example',
      currency_code: 'EUR',
      image: { src: '/img/give.gif', alt: 'Give', title: 'Give now', height: 30, width: 90 },
      popupsDisabled: true,
    });
    expect(element.getAttribute('data-hosted_button_id')).toBe('HB-1');
    expect(element.getAttribute('data-base-url')).toBe('https://donate.example');
    expect(element.getAttribute('data-image-src')).toBe('/img/give.gif');
    const settings = donateButtonSettings.parse(element.dataset);
    expect(settings).toMatchObject({
      env: 'sandbox',
      hosted_button_id: 'HB-1',
      baseUrl: 'https://donate.example',
      currency_code: 'EUR',
      imageSrc: '/img/give.gif',
      imageAlt: 'Give',
      imageTitle: 'Give now',
      imageHeight: 30,
      imageWidth: 90,
      popupsDisabled: true,
    });
    expect(noScriptHref(settings)).toBe('/donate/checkout?env=sandbox&hosted_button_id=HB-1&currency_code=EUR');
  });

  it('the remote button’s hostedButtonId is the hosted_button_id setting', () => {
    const element = island();
    renderDonateButton(element, { variant: 'remote', hostedButtonId: 'HB-9', token: 'T' });
    expect(donateButtonSettings.parse(element.dataset)).toMatchObject({ variant: 'remote', hosted_button_id: 'HB-9', token: 'T' });
  });

  it('registers onComplete and redirectParentWindow for the island', () => {
    const element = island();
    const onComplete = vi.fn();
    const redirectParentWindow = vi.fn();
    renderDonateButton('#donate-button', { onComplete, redirectParentWindow });
    expect(callbacksFor(element)).toEqual({ onComplete, redirectParentWindow });
  });

  it('after hydration the options are written the same way and the live button is told (issue 20, item 11)', () => {
    const element = island();
    element.dataset.island = 'hydrated';
    const heard: number[] = [];
    const stop = onSettingsWritten(element, () => heard.push(settingsWrites(element)));
    const onComplete = vi.fn();
    renderDonateButton('#donate-button', { amount: '5', image: { src: '/img/give.gif' }, onComplete });
    expect(element.getAttribute('data-amount')).toBe('5');
    expect(donateButtonSettings.parse(element.dataset).imageSrc).toBe('/img/give.gif');
    expect(callbacksFor(element).onComplete).toBe(onComplete);
    expect(heard).toEqual([1]);
    // Callbacks alone write no attributes and tell nobody.
    renderDonateButton('#donate-button', { onComplete });
    expect(heard).toEqual([1]);
    stop();
    renderDonateButton('#donate-button', { amount: '6' });
    expect(heard).toEqual([1]);
  });

  it('warns and renders nothing for an element that is not a donate island', () => {
    document.body.innerHTML = '<div id="donate-button"></div>';
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    expect(renderDonateButton('#donate-button', {})).toBeNull();
    expect(renderDonateButton('#missing', {})).toBeNull();
    expect(warn).toHaveBeenCalledTimes(2);
  });

  it('the page service installs and removes window.sitechartsDonate', () => {
    const stop = donateApi.start({ document, window, clock: createTestClock() });
    expect(typeof window.sitechartsDonate?.render).toBe('function');
    stop();
    expect(window.sitechartsDonate).toBeUndefined();
  });
});

describe('donate button settings', () => {
  it('default to production, the shipped donate-with-card image, popups on, close link shown', () => {
    expect(donateButtonSettings.defaults()).toMatchObject({
      variant: 'checkout',
      env: 'production',
      imageSrc: '/images/donate-with-card.png',
      imageWidth: 147,
      imageHeight: 47,
      popupsDisabled: false,
      hideCloseButton: false,
    });
  });

  it('an unknown env falls back to production with one warning', () => {
    const warn = vi.fn();
    expect(donateButtonSettings.parse({ env: 'staging' }, warn).env).toBe('production');
    expect(warn).toHaveBeenCalledTimes(1);
  });
});

// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { drawProps, drawText, listenTo } from './connect';

describe('drawProps: a prop getter drawn on prerendered markup as React renders it', () => {
  it('writes ARIA and data booleans as text, other booleans as present or absent, and React names as DOM names', () => {
    const element = document.createElement('button');
    element.setAttribute('hidden', '');
    drawProps(element, { 'aria-selected': false, 'data-open': true, hidden: false, disabled: true, tabIndex: -1, className: 'tab', id: 'a-tab', 'data-state': undefined });
    expect(Object.fromEntries([...element.attributes].map((a) => [a.name, a.value]))).toEqual({
      'aria-selected': 'false',
      'data-open': 'true',
      disabled: '',
      tabindex: '-1',
      class: 'tab',
      id: 'a-tab',
    });
  });

  it('leaves handlers and objects out, and touches nothing that already says the same', async () => {
    const element = document.createElement('div');
    element.setAttribute('aria-expanded', 'true');
    element.setAttribute('data-state', 'opening');
    const changes: string[] = [];
    new MutationObserver((records) => changes.push(...records.map((r) => r.attributeName ?? ''))).observe(element, { attributes: true });
    drawProps(element, { 'aria-expanded': true, 'data-state': 'opening', onClick: () => undefined, style: { color: 'red' } });
    await Promise.resolve();
    expect(changes).toEqual([]);
    expect(element.getAttributeNames().sort()).toEqual(['aria-expanded', 'data-state']);
    drawProps(element, { 'aria-expanded': false, 'data-state': undefined });
    await Promise.resolve();
    expect(changes).toEqual(['aria-expanded', 'data-state']);
    expect(element.getAttributeNames()).toEqual(['aria-expanded']);
  });
});

describe('listenTo (a behaviour listening to prerendered markup)', () => {
  it('calls each handler for its own event until stopped, then none', () => {
    const element = document.createElement('button');
    const heard: string[] = [];
    const stop = listenTo(element, { click: () => heard.push('click'), keydown: (event) => heard.push(event.key) });
    element.click();
    element.dispatchEvent(new KeyboardEvent('keydown', { key: 'Enter' }));
    element.dispatchEvent(new Event('focusin'));
    expect(heard).toEqual(['click', 'Enter']);
    stop();
    element.click();
    element.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape' }));
    expect(heard).toEqual(['click', 'Enter']);
  });
});

describe('drawText (a text the view renders, drawn on prerendered markup)', () => {
  it('replaces the element\'s text, and touches nothing that already says the same', async () => {
    const element = document.createElement('span');
    element.textContent = '0';
    const changes: MutationRecord[] = [];
    new MutationObserver((records) => changes.push(...records)).observe(element, { childList: true, characterData: true, subtree: true });
    drawText(element, '0');
    await Promise.resolve();
    expect(changes).toEqual([]);
    drawText(element, '12,500');
    await Promise.resolve();
    expect(element.textContent).toBe('12,500');
    expect(changes.length).toBeGreaterThan(0);
  });
});

// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { createElement } from 'react';
import { renderToString } from 'react-dom/server';
import { drawProps, drawStyle, drawText, listenTo } from './connect';

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

describe('drawStyle: a style prop drawn on prerendered markup as React renders it', () => {
  it.each([
    [{ width: '400%', transform: 'translateX(-25%)' }],
    [{ backgroundColor: '#7a2e8c' }],
    [{ '--tab-title-color': '#7a2e8c' }],
    [{ height: '540px', maxHeight: '640px', width: 0, marginTop: 8 }],
    [{ color: '', transform: undefined, width: ' 50% ' }],
    [{ '--per-view': 3, '--first': 1, opacity: 0.5, zIndex: 2, flexGrow: 1, lineHeight: 1.4 }],
  ])('%o: the attribute React writes', (style) => {
    const rendered = new DOMParser().parseFromString(renderToString(createElement('div', { style })), 'text/html').body.firstElementChild;
    const element = document.createElement('div');
    drawStyle(element, style);
    expect(element.getAttribute('style')).toBe(rendered?.getAttribute('style'));
  });

  it('none, or nothing in it, removes the attribute', () => {
    const element = document.createElement('div');
    element.setAttribute('style', 'width:50%');
    drawStyle(element, { color: '' });
    expect(element.hasAttribute('style')).toBe(false);
    element.setAttribute('style', 'width:50%');
    drawStyle(element, undefined);
    expect(element.hasAttribute('style')).toBe(false);
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

// @vitest-environment jsdom
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { renderToStaticMarkup } from 'react-dom/server';
import { afterEach, describe, expect, it } from 'vitest';
import { TabList, type TabListProps } from './TabList';

const tabs = [
  { id: 'play', title: 'Play' },
  { id: 'respite', title: 'Respite' },
  { id: 'family', title: 'Family' },
];

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

let root: Root | null = null;
afterEach(() => {
  act(() => root?.unmount());
  root = null;
  document.body.innerHTML = '';
  document.documentElement.style.direction = '';
});

/** Renders a tab list whose `onSelect` moves the active tab, as a machine would. */
function mount(props: Partial<TabListProps> = {}) {
  const selected: number[] = [];
  const container = document.createElement('div');
  document.body.append(container);
  root = createRoot(container);
  const render = (active: number) =>
    act(() =>
      root?.render(
        <TabList
          label="Programmes"
          tabs={tabs}
          active={active}
          onSelect={(index) => {
            selected.push(index);
            render(index);
          }}
          className="list"
          tabClassName="tab"
          {...props}
        />,
      ),
    );
  render(0);
  const buttons = [...container.querySelectorAll<HTMLButtonElement>('[role="tab"]')];
  const press = (key: string) => act(() => void document.activeElement?.dispatchEvent(new KeyboardEvent('keydown', { key, bubbles: true })));
  return { buttons, selected, press };
}

describe('the shared WAI-ARIA tab list', () => {
  it('marks the active tab selected and alone in the tab order, and names each panel it controls', () => {
    const html = renderToStaticMarkup(
      <TabList label="Programmes" tabs={tabs} active={1} onSelect={() => {}} className="list" tabClassName="tab" activeTabStyle={{ color: 'red' }} />,
    );
    expect(html).toBe(
      '<div role="tablist" aria-label="Programmes" class="list">' +
        '<button type="button" role="tab" id="play-tab" aria-selected="false" aria-controls="play" tabindex="-1" class="tab">Play</button>' +
        '<button type="button" role="tab" id="respite-tab" aria-selected="true" aria-controls="respite" tabindex="0" class="tab" style="color:red">Respite</button>' +
        '<button type="button" role="tab" id="family-tab" aria-selected="false" aria-controls="family" tabindex="-1" class="tab">Family</button>' +
        '</div>',
    );
  });

  it('arrow keys wrap, Home and End go to the ends, and focus follows the selection', () => {
    const { buttons, selected, press } = mount();
    buttons[0]?.focus();
    press('ArrowLeft');
    expect(document.activeElement).toBe(buttons[2]);
    press('Home');
    press('ArrowRight');
    press('End');
    press('a');
    expect(selected).toEqual([2, 0, 1, 2]);
    expect(document.activeElement).toBe(buttons[2]);
    expect(buttons.map((button) => button.tabIndex)).toEqual([-1, -1, 0]);
  });

  it('swaps the arrows on a right-to-left page, read where the tab sits or given by the machine', () => {
    document.documentElement.style.direction = 'rtl';
    const read = mount();
    read.buttons[0]?.focus();
    read.press('ArrowLeft');
    expect(read.selected).toEqual([1]);
    act(() => root?.unmount());
    document.documentElement.style.direction = '';
    // The machine's word wins over the page's (left-to-right) direction.
    const given = mount({ rtl: true });
    given.buttons[0]?.focus();
    given.press('ArrowRight');
    expect(given.selected).toEqual([2]);
  });
});

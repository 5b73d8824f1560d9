/**
 * Every element under the island in `html`, as its tag and its sorted attributes (the island's
 * content script left out): what a visitor's browser and a screen reader get, whatever order the
 * attributes were written in. A behaviour that answers input is tested with it: its `bind` on the
 * prerendered markup must give the shape the view renders for the same state.
 */
export function islandShape(html: string): string[] {
  const host = document.createElement('div');
  host.innerHTML = html;
  return [...host.querySelectorAll('[data-widget] *')]
    .filter((element) => element.tagName !== 'SCRIPT')
    .map((element) => `${element.tagName} ${[...element.attributes].map((a) => `${a.name}=${a.value}`).sort().join(' ')}`);
}

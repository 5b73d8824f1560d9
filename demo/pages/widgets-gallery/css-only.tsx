import type { ReactElement } from 'react';
import { IconGrid } from '../../../widgets/IconGrid/IconGrid';
import type { SpecReference } from './catalogue';

/** One class of a CSS-only widget's markup: the element that carries it and what it is for. */
export interface MarkupClass {
  className: string;
  element: string;
  role: string;
}

/**
 * A §1 widget that is not an island: no data-* settings, no machine, no script. Its only state is
 * CSS (:hover, :focus-within), so the gallery lists its markup instead of a statechart.
 */
export interface CssOnlyEntry {
  /** The component a page renders, by its path in the repository. */
  component: string;
  /** The props the page passes (it reads no data attributes). */
  props: string;
  description: string;
  /** Every class the component renders, the root first. */
  markup: [MarkupClass, ...MarkupClass[]];
  /** Why there is no statechart. */
  noStatechart: string;
  spec: SpecReference[];
  /** The demo pages where it is live. */
  livePaths: [string, ...string[]];
  /** A small live example, rendered on the gallery (it needs no JS). */
  example(): ReactElement;
}

/** CSS-only widgets, shown after the registered (island) widgets. */
export const cssOnlyWidgets: Readonly<Record<string, CssOnlyEntry>> = {
  'icon-grid': {
    component: 'widgets/IconGrid/IconGrid.tsx',
    props: 'label, items: [{ icon, title, text }]',
    description: 'A grid of flip cards: the front shows an icon and a title, the back a short text.',
    markup: [
      { className: 'icon-grid', element: 'ul', role: 'the grid, a list named by label' },
      { className: 'icon-grid__cell', element: 'li', role: 'one grid cell' },
      { className: 'icon-grid__card', element: 'div tabindex=0', role: 'the card; it flips on :hover and on :focus-within (a tap focuses it on touch screens)' },
      { className: 'icon-grid__front', element: 'div', role: 'the front face: icon and title' },
      { className: 'icon-grid__icon', element: 'span aria-hidden', role: 'the icon, decorative' },
      { className: 'icon-grid__title', element: 'h3', role: 'the card’s title' },
      { className: 'icon-grid__back', element: 'div', role: 'the back face: the text; both faces stay in the reading order' },
    ],
    noStatechart:
      'No statechart: the card’s only state (turned or not) is CSS, :hover or :focus-within, and reduced motion turns the flip instantly. Nothing is timed, fetched or remembered, so there is no machine to inspect.',
    spec: [{ section: 1, topic: 'Content widgets: icon grid with flip cards' }],
    livePaths: ['/team/'],
    example: () => (
      <IconGrid
        label="Example icon grid"
        items={[
          { icon: '✚', title: 'Nursing at home', text: 'Daily visits, medicines, feeds and equipment.' },
          { icon: '♫', title: 'Therapies', text: 'Music, play and art therapy.' },
        ]}
      />
    ),
  },
};

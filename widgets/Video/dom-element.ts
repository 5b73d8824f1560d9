import { drawProps } from '../../runtime/connect';

/** A child as the view gives it: an element, or a text (an empty text is no node, as in React). */
export type Child = Node | string;

/** An element with the props as React writes them (handlers left out: the behaviour listens), and its children. */
export function element(document: Document, tag: string, props: Readonly<Record<string, unknown>>, ...children: Child[]): HTMLElement {
  const made = document.createElement(tag);
  drawProps(made, props);
  made.append(...children.filter((child) => child !== ''));
  return made;
}

const SVG = 'http://www.w3.org/2000/svg';

/** An SVG element with its attributes as written (its names keep their case: viewBox). */
export function svgElement(document: Document, tag: string, attributes: Readonly<Record<string, string>>, ...children: Element[]): SVGElement {
  const made = document.createElementNS(SVG, tag);
  for (const [name, value] of Object.entries(attributes)) made.setAttribute(name, value);
  made.append(...children);
  return made;
}

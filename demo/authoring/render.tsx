import Markdoc, { type RenderableTreeNode, type Tag } from '@markdoc/markdoc';
import { createElement, Fragment, type CSSProperties, type ReactNode } from 'react';
import { Island, type IslandProps } from '../../runtime/render/Island';
import type { Hydration } from '../../runtime/widget';
import { IconGrid, type IconGridItem } from '../../widgets/IconGrid/IconGrid';
import { templateId } from '../../widgets/Portfolio/Portfolio';
import { Tooltip } from '../components/Tooltip';
import { team } from '../content/team';
import { catalogue } from '../pages/widgets-gallery/catalogue';

/**
 * A transformed content page (Markdoc's renderable tree) as React elements for the prerender: plain
 * tags become elements, `Island` becomes the widget's island with its slots, and the few page
 * components (tooltip, parallax band, icon grid, team previews) render as their TSX counterparts did.
 */
type Attributes = Record<string, unknown>;

const REACT_NAMES: Readonly<Record<string, string>> = { class: 'className', hreflang: 'hrefLang', for: 'htmlFor', tabindex: 'tabIndex' };
/** Block elements whose first and last text Markdoc leaves padded (`# Title {% #id %}` keeps the space). */
const TRIMMED = new Set(['h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'p', 'li']);

function classText(value: unknown): string | undefined {
  if (typeof value === 'string') return value;
  if (value && typeof value === 'object') return Object.keys(value).filter((key) => (value as Attributes)[key]).join(' ') || undefined;
  return undefined;
}

function props(attributes: Attributes): Attributes {
  const out: Attributes = {};
  for (const [name, value] of Object.entries(attributes)) {
    if (value === undefined || value === null || value === false) continue;
    out[REACT_NAMES[name] ?? name] = name === 'class' ? classText(value) : value;
  }
  return out;
}

function trimmed(name: string, children: RenderableTreeNode[]): RenderableTreeNode[] {
  if (!TRIMMED.has(name) || children.length === 0) return children;
  const out = [...children];
  if (typeof out[0] === 'string') out[0] = out[0].trimStart();
  const last = out.length - 1;
  if (typeof out[last] === 'string') out[last] = out[last].trimEnd();
  return out.filter((child) => child !== '');
}

function renderChildren(children: RenderableTreeNode[]): ReactNode[] {
  return children.map((child, index) => <Fragment key={index}>{renderNode(child)}</Fragment>);
}

function ContentIsland({ tag }: { tag: Tag }) {
  const { widget: name, settings, content, hydrate, id, className, dataSlots } = tag.attributes as {
    widget: string;
    dataSlots?: Record<string, ReactNode>;
    settings: IslandProps['settings'];
    content?: unknown;
    hydrate?: Hydration;
    id?: string;
    className?: string;
  };
  const entry = catalogue[name];
  if (!entry) throw new Error(`no widget named ${name}`);
  const slots: Record<string, ReactNode> = { ...dataSlots };
  for (const slot of tag.children) {
    if (Markdoc.Tag.isTag(slot) && slot.name === 'Slot') slots[String(slot.attributes.name)] = renderChildren(slot.children);
  }
  return <Island widget={entry.widget} settings={settings} content={content} slots={slots} hydrate={hydrate} id={id} className={className} />;
}

function Parallax({ image, speed, labelledby, children }: { image: string; speed?: number; labelledby?: string; children: ReactNode }) {
  const picture = { '--parallax-image': `url(${image})` } as CSSProperties;
  return (
    <section className="parallax" data-parallax="" data-parallax-speed={speed === undefined ? undefined : String(speed)} aria-labelledby={labelledby} style={picture}>
      <div className="parallax__bg" aria-hidden="true" />
      <div className="parallax__content">{children}</div>
    </section>
  );
}

/** Each team member's preview (the portfolio opens it), from demo/content/team.ts. */
function TeamPreviews({ portfolioId }: { portfolioId: string }) {
  return team.map((m) => (
    <template key={m.id} id={templateId(portfolioId, m.id)}>
      <h3>{m.name}</h3>
      <p className="portfolio__role">{m.role}</p>
      {m.bio.map((line) => (
        <p key={line}>{line}</p>
      ))}
      <p>
        <strong>When to find {m.name.split(' ')[0]}:</strong> {m.contact}
      </p>
    </template>
  ));
}

function renderTag(tag: Tag): ReactNode {
  const a = tag.attributes as Attributes;
  switch (tag.name) {
    case 'Island':
      return <ContentIsland tag={tag} />;
    case 'Tooltip':
      return (
        <Tooltip id={String(a.id)} tip={String(a.tip)}>
          {renderChildren(tag.children)}
        </Tooltip>
      );
    case 'Parallax':
      return (
        <Parallax image={String(a.image)} speed={typeof a.speed === 'number' ? a.speed : undefined} labelledby={typeof a['aria-labelledby'] === 'string' ? a['aria-labelledby'] : undefined}>
          {renderChildren(tag.children)}
        </Parallax>
      );
    case 'IconGrid':
      return <IconGrid label={String(a.label)} items={a.items as IconGridItem[]} />;
    case 'TeamPreviews':
      return <TeamPreviews portfolioId={String(a['portfolio-id'])} />;
    default: {
      const children = trimmed(tag.name, tag.children);
      return createElement(tag.name, props(a), ...(children.length ? renderChildren(children) : []));
    }
  }
}

export function renderNode(node: RenderableTreeNode | RenderableTreeNode[]): ReactNode {
  if (node === null || node === undefined || typeof node === 'boolean') return null;
  if (typeof node === 'string' || typeof node === 'number') return node;
  if (Array.isArray(node)) return renderChildren(node);
  if (Markdoc.Tag.isTag(node)) return renderTag(node);
  return null;
}

import Markdoc, { type Config, type Node, type RenderableTreeNode, type Schema, type ValidationError } from '@markdoc/markdoc';
import type { SettingsShape } from '../../runtime/settings';
import type { RuntimeWidget } from '../../runtime/widget';
import { widgets } from '../../widgets/registry';
import { catalogue } from '../pages/widgets-gallery/catalogue';
import { site } from '../site';
import { WidgetData } from './data';
import { DATE_FORMAT, DATE_SETTINGS, dateSettings, parseWallTime } from './dates';
import { pageTags } from './page-tags';
import type { Shape } from './shape';
import { widgetContent, type ContentSpec } from './widget-content';

/**
 * One Markdoc tag per widget, derived from the widget's own settings schema (defineSettings) and its
 * content spec (widget-content.ts): every setting is an attribute, every top-level content field is an
 * attribute, and a list the widget's content holds (tabs, slides, toggles) is written as child tags
 * whose Markdown becomes the island's slots. The widgets gallery, the data-* parsing and these tags
 * read the same schema, so they cannot disagree.
 */

/** `hosted_button_id` → `hosted-button-id`, `imageAlt` → `image-alt`: the tag attribute of a setting or content field. */
export function tagAttribute(key: string): string {
  return key.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`).replace(/_/g, '-');
}

export type AttributeSource = 'setting' | 'content' | 'island' | 'date';

/** One attribute of a widget tag, as the authoring guide lists it. */
export interface TagAttribute {
  name: string;
  /** The setting key or content field it fills. */
  key: string;
  source: AttributeSource;
  describe: string;
  /** A setting's default; `undefined` for content (required unless `optional`). */
  default?: unknown;
  optional: boolean;
}

export interface WidgetTag {
  name: string;
  widget: RuntimeWidget;
  attributes: TagAttribute[];
  spec: ContentSpec<unknown> | null;
  /** The child tag and its attributes, when a list of the content is written as child tags. */
  child?: { name: string; attributes: TagAttribute[]; body: boolean };
}

/** Attributes every widget tag has, unless a setting or content field of the same name takes the name. */
const islandAttributes: TagAttribute[] = [
  { name: 'id', key: 'id', source: 'island', describe: 'the element id (for links to the widget)', optional: true },
  { name: 'class', key: 'className', source: 'island', describe: 'extra CSS classes', optional: true },
  { name: 'hydrate', key: 'hydrate', source: 'island', describe: "when the widget's script loads: 'visible', 'idle' or 'interaction'", optional: true },
];

const HYDRATE_VALUES = ['visible', 'idle', 'interaction'];

function fieldAttributes(fields: Readonly<Record<string, Shape<unknown>>>, skip?: string): TagAttribute[] {
  return Object.entries(fields)
    .filter(([key]) => key !== skip)
    .map(([key, field]) => ({ name: tagAttribute(key), key, source: 'content' as const, describe: field.describe, optional: field.optional }));
}

/** The settings schema behind a registered widget (the runtime's view of it hides the shape). */
function settingsShape(widget: RuntimeWidget): SettingsShape {
  return (widget.settings as unknown as { shape?: SettingsShape }).shape ?? {};
}

/** The settings a `date` attribute replaces (timezone stays a setting: it may still be given). */
const WRITTEN_DATE = DATE_SETTINGS.filter((key) => key !== 'timezone');

/** A widget whose settings hold a calendar date (the countdown) takes it as `date="2027-02-06 10:00"` (dates.ts). */
const takesDate = (shape: SettingsShape) => DATE_SETTINGS.every((key) => key in shape);

/** Issue 30: the 0-based month confused site owners; the parts still work, with a warning. */
export const DEPRECATED_DATE_PART = 'deprecated: write date instead (month here counts from 0: 1 is February)';

function deriveTag(name: string, widget: RuntimeWidget, spec: ContentSpec<unknown> | null): WidgetTag {
  const shape = settingsShape(widget);
  const dated = takesDate(shape);
  const settings: TagAttribute[] = Object.entries(shape).map(([key, field]) => ({
    name: tagAttribute(key),
    key,
    source: 'setting',
    describe: dated && (WRITTEN_DATE as readonly string[]).includes(key) ? `${field.expects}; ${DEPRECATED_DATE_PART}` : field.expects,
    default: field.default,
    optional: true,
  }));
  if (dated)
    settings.unshift({
      name: 'date',
      key: 'date',
      source: 'date',
      describe: `the date and time, in the site's time zone (${site.timeZone}): ${DATE_FORMAT}`,
      optional: true,
    });
  const content: TagAttribute[] = [];
  let child: WidgetTag['child'];
  if (spec) {
    const fields = spec.shape.fields;
    if (fields) content.push(...fieldAttributes(fields, spec.children?.field));
    content.push({
      name: 'content',
      key: 'content',
      source: 'content',
      describe: spec.shape.kind === 'data' ? `${spec.shape.describe}, from the site's data` : "the whole content from the site's data (a $variable); attributes override its fields",
      optional: spec.shape.kind !== 'data',
    });
    if (spec.children) {
      const list = fields?.[spec.children.field];
      const itemFields = list?.item?.fields ?? {};
      const withTitle = 'title' in itemFields;
      const attributes = fieldAttributes(itemFields).map((a) =>
        a.name === 'id' && withTitle ? { ...a, optional: true, describe: `${a.describe}; left out, the title in lowercase with hyphens` } : a,
      );
      child = { name: spec.children.tag, attributes, body: spec.children.slot !== undefined };
    }
  }
  const taken = new Set([...settings, ...content].map((a) => a.name));
  const attributes = [...settings, ...content, ...islandAttributes.filter((a) => !taken.has(a.name))];
  return { name, widget, attributes, spec, child };
}

/** Every registered widget's tag, in the registry's order. */
export const widgetTags: readonly WidgetTag[] = Object.keys(widgets).map((name) => {
  const entry = catalogue[name];
  if (!entry) throw new Error(`widgets/registry.ts names ${name}, the gallery's catalogue does not`);
  const spec = widgetContent[name];
  if (spec === undefined) throw new Error(`widgets/registry.ts names ${name}, demo/authoring/widget-content.ts does not`);
  return deriveTag(name, entry.widget, spec);
});

const tagByName = new Map(widgetTags.map((tag) => [tag.name, tag]));

// ---------------------------------------------------------------------------------------------
// Validation: messages a site owner understands. An error's id `value:<attribute>` lets the
// loader point the column at that attribute (Markdoc gives a line only).

const problem = (message: string, attribute?: string): ValidationError => ({
  id: attribute ? `value:${attribute}` : 'content',
  level: 'error',
  message,
});

const shown = (value: unknown) => (typeof value === 'string' ? `'${value}'` : Array.isArray(value) ? 'a list' : typeof value === 'object' && value !== null ? 'a {…} value' : String(value));

/** A setting's value as the data-* attribute will carry it, checked by the setting's own parser. */
function checkSetting(tag: WidgetTag, attribute: TagAttribute, value: unknown): ValidationError[] {
  const field = settingsShape(tag.widget)[attribute.key];
  if (!field) return [];
  if (typeof value !== 'string' && typeof value !== 'number' && typeof value !== 'boolean')
    return [problem(`${tag.name}: ${attribute.name} must be ${field.expects}, got ${shown(value)}`, attribute.name)];
  return field.parse(String(value)).ok ? [] : [problem(`${tag.name}: ${attribute.name} must be ${field.expects}, got ${shown(value)}`, attribute.name)];
}

/** Shape messages read `tabs: label must be text, got 5` rather than `tabs.label must be …`. */
function checkContent(tag: string, field: Shape<unknown>, attribute: string, value: unknown): ValidationError[] {
  return field.check(value, attribute).map((message) => problem(`${tag}: ${message}`, attribute));
}

/** Data with prerendered slots (demo/authoring/data.tsx) gives its content; anything else is the content. */
const unwrap = (value: unknown): unknown => (value instanceof WidgetData ? value.content : value);

const isTag = (node: Node, name?: string) => node.type === 'tag' && (name === undefined || node.tag === name);

/** Whitespace-only text between child tags (a blank line in a list of tags) is no content. */
function isBlank(node: Node): boolean {
  if (node.type === 'text') return String(node.attributes.content ?? '').trim() === '';
  if (node.type === 'softbreak') return true;
  return (node.type === 'paragraph' || node.type === 'inline') && node.children.every(isBlank);
}

/** The attributes with their $variables looked up (validation runs before Markdoc resolves them). */
const resolved = (node: Node, config: Config) => Markdoc.Ast.resolve(node.attributes, config) as Record<string, unknown>;

function validateWidget(tag: WidgetTag, node: Node, config: Config): ValidationError[] {
  const errors: ValidationError[] = [];
  const attributes = resolved(node, config);
  for (const attribute of tag.attributes) {
    const value = attributes[attribute.name];
    if (value === undefined) continue;
    if (attribute.source === 'setting') errors.push(...checkSetting(tag, attribute, value));
    else if (attribute.source === 'date') errors.push(...checkDate(tag, attributes));
    else if (attribute.source === 'island' && attribute.name === 'hydrate' && !HYDRATE_VALUES.includes(String(value)))
      errors.push(problem(`${tag.name}: hydrate must be one of 'visible', 'idle', 'interaction', got ${shown(value)}`, 'hydrate'));
    else if (attribute.source === 'island' && typeof value !== 'string') errors.push(problem(`${tag.name}: ${attribute.name} must be text, got ${shown(value)}`, attribute.name));
    else if (attribute.source === 'content' && attribute.key !== 'content') {
      const field = tag.spec?.shape.fields?.[attribute.key];
      if (field) errors.push(...checkContent(tag.name, field, attribute.name, value));
    }
  }
  if (tag.attributes.some((a) => a.source === 'date') && attributes.date === undefined) {
    const parts = WRITTEN_DATE.filter((key) => attributes[key] !== undefined);
    if (parts.length > 0)
      errors.push({
        id: `value:${parts[0] ?? 'year'}`,
        level: 'warning',
        message: `${tag.name}: ${parts.join(', ')} ${parts.length === 1 ? 'is' : 'are'} deprecated (month counts from 0 there); write date="${writtenDate(attributes)}" instead`,
      });
  }
  const spec = tag.spec;
  if (!spec) {
    if (!node.children.every(isBlank)) errors.push(problem(`${tag.name} takes no text inside; write it as {% ${tag.name} … /%}`));
    return errors;
  }
  const data = unwrap(attributes.content);
  if (data !== undefined && (typeof data !== 'object' || data === null))
    errors.push(problem(`${tag.name}: content must be ${spec.shape.kind === 'data' ? spec.shape.describe : "data from the site's data modules (a $variable)"}, got ${shown(data)}`, 'content'));
  const children = spec.children;
  const childNodes = children ? node.children.filter((child) => isTag(child, children.tag)) : [];
  const stray = node.children.filter((child) => !isBlank(child) && !(children && isTag(child, children.tag)));
  if (stray.length > 0 && !spec.body)
    errors.push(
      problem(
        children
          ? `${tag.name} takes only {% ${children.tag} %} tags inside; put this text inside a ${children.tag}`
          : `${tag.name} takes no text inside; write it as {% ${tag.name} … /%}`,
      ),
    );
  errors.push(...duplicateIds(tag, childNodes, config));
  if (spec.shape.kind === 'data') {
    if (data === undefined) errors.push(problem(`${tag.name}: content is missing: give ${spec.shape.describe}`));
    return errors;
  }
  const given = typeof data === 'object' && data !== null ? (data as Record<string, unknown>) : {};
  // Data given with content=$… is checked field by field, unless an attribute or child tags replace the field.
  for (const [key, value] of Object.entries(given)) {
    const field = spec.shape.fields?.[key];
    if (!field) errors.push(problem(`${tag.name}: content has a field '${key}' the widget does not take`, 'content'));
    else if (attributes[tagAttribute(key)] === undefined && !(key === children?.field && childNodes.length > 0))
      errors.push(...field.check(value, `content.${key}`).map((message) => problem(`${tag.name}: ${message}`, 'content')));
  }
  for (const [key, field] of Object.entries(spec.shape.fields ?? {})) {
    if (field.optional || attributes[tagAttribute(key)] !== undefined || given[key] !== undefined) continue;
    if (children && key === children.field) {
      if (childNodes.length === 0) errors.push(problem(`${tag.name} needs at least one {% ${children.tag} %} inside`));
    } else errors.push(problem(`${tag.name}: ${tagAttribute(key)} is missing (${field.describe})`));
  }
  return errors;
}

/** The date the old parts stand for, as the author should now write it. */
function writtenDate(attributes: Record<string, unknown>): string {
  const part = (key: string, fallback: number) => (typeof attributes[key] === 'number' ? (attributes[key] as number) : fallback);
  const two = (n: number) => String(n).padStart(2, '0');
  return `${part('year', 2027)}-${two(part('month', 0) + 1)}-${two(part('day', 1))} ${two(part('hour', 0))}:${two(part('minute', 0))}`;
}

function checkDate(tag: WidgetTag, attributes: Record<string, unknown>): ValidationError[] {
  const value = attributes.date;
  if (typeof value !== 'string' || parseWallTime(value) === undefined)
    return [problem(`${tag.name}: date must be ${DATE_FORMAT} (in the site's time zone, ${site.timeZone}), got ${shown(value)}`, 'date')];
  const both = WRITTEN_DATE.filter((key) => attributes[key] !== undefined);
  return both.length > 0 ? [problem(`${tag.name}: give the date once: date="${value}" already says it, so leave out ${both.join(', ')}`, both[0])] : [];
}

/** The widget tags whose child tag is `name` (a `tab` belongs to tabs, layout-tabs and tab-section). */
const ownersOf = (name: string) => widgetTags.filter((tag) => tag.child?.name === name);

function validateChild(name: string, node: Node, config: Config): ValidationError[] {
  const parent = [...(config.validation?.parents ?? [])].reverse().find((p) => p.type === 'tag');
  const owner = parent?.tag ? tagByName.get(parent.tag) : undefined;
  const owners = ownersOf(name).map((tag) => tag.name);
  if (!owner || owner.child?.name !== name) return [problem(`{% ${name} %} belongs inside ${owners.map((o) => `{% ${o} %}`).join(' or ')}`)];
  const child = owner.child;
  const errors: ValidationError[] = [];
  const attributes = resolved(node, config);
  const item = owner.spec?.shape.fields?.[owner.spec.children?.field ?? '']?.item?.fields ?? {};
  for (const key of Object.keys(attributes)) {
    if (!child.attributes.some((a) => a.name === key))
      errors.push(problem(`${owner.name}: a ${name} has no attribute '${key}'${suggest(key, child.attributes.map((a) => a.name))}`, key));
  }
  for (const [key, field] of Object.entries(item)) {
    const value = attributes[tagAttribute(key)];
    if (value === undefined) {
      if (!field.optional && !(key === 'id' && typeof attributes.title === 'string')) errors.push(problem(`${owner.name}: a ${name} needs ${tagAttribute(key)} (${field.describe})`));
    } else errors.push(...checkContent(`${owner.name} ${name}`, field, tagAttribute(key), value));
  }
  if (!child.body && !node.children.every(isBlank)) errors.push(problem(`${owner.name}: a ${name} takes no text inside; write it as {% ${name} … /%}`));
  return errors;
}

/** " (did you mean 'interval'?)" when a name is a typo away from one the tag takes. */
export function suggest(wrong: string, names: readonly string[]): string {
  const near = names
    .map((name) => ({ name, distance: editDistance(wrong, name) }))
    .filter((n) => n.distance <= Math.max(2, Math.floor(n.name.length / 3)))
    .sort((a, b) => a.distance - b.distance)[0];
  return near ? ` (did you mean '${near.name}'?)` : '';
}

function editDistance(a: string, b: string): number {
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    for (let j = 1; j <= b.length; j++)
      current[j] = Math.min((previous[j] ?? 0) + 1, (current[j - 1] ?? 0) + 1, (previous[j - 1] ?? 0) + (a[i - 1] === b[j - 1] ? 0 : 1));
    previous = current;
  }
  return previous[b.length] ?? 0;
}

// ---------------------------------------------------------------------------------------------
// Transform: a widget tag becomes an `Island` renderable with its settings, content and slots.

/** A child tag's attributes back under the content's field names (`title-color` → `titleColor`). */
/** An item's id when the author gave only a title: `{% tab title="Our history" %}` is `our-history`. */
export function idFromTitle(title: string): string {
  return title
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^\p{L}\p{N}]+/gu, '-')
    .replace(/^-+|-+$/g, '');
}

function itemFrom(child: WidgetTag['child'] & object, node: Node, config: Config): Record<string, unknown> {
  const attributes = node.transformAttributes(config);
  const item: Record<string, unknown> = {};
  const takesId = child.attributes.some((a) => a.name === 'id');
  if (takesId && attributes.id === undefined && typeof attributes.title === 'string') item.id = idFromTitle(attributes.title);
  for (const name of Object.keys(node.attributes)) item[child.attributes.find((a) => a.name === name)?.key ?? name] = attributes[name];
  return item;
}

/** Two items with one id would share a panel id and a hash: the second is reported. */
function duplicateIds(tag: WidgetTag, childNodes: Node[], config: Config): ValidationError[] {
  if (!tag.child?.attributes.some((a) => a.name === 'id')) return [];
  const seen = new Set<string>();
  return childNodes.flatMap((child) => {
    const attributes = resolved(child, config);
    const id = typeof attributes.id === 'string' ? attributes.id : typeof attributes.title === 'string' ? idFromTitle(attributes.title) : undefined;
    if (id === undefined) return [];
    if (!seen.has(id)) {
      seen.add(id);
      return [];
    }
    return [problem(`${tag.name}: two ${tag.child?.name ?? ''} tags have the id '${id}'; give each its own id`)];
  });
}

function transformWidget(tag: WidgetTag, node: Node, config: Config) {
  const attributes = node.transformAttributes(config);
  const settings: Record<string, unknown> = {};
  const island: Record<string, unknown> = { widget: tag.name };
  const data = unwrap(attributes.content);
  const content: Record<string, unknown> | undefined = tag.spec ? { ...(data as Record<string, unknown> | undefined) } : undefined;
  // In the order the author wrote them (Markdoc's own order is the schema's), so the island reads like the source.
  for (const name of Object.keys(node.attributes)) {
    const value: unknown = attributes[name];
    const attribute = tag.attributes.find((a) => a.name === name);
    if (!attribute) continue;
    if (attribute.source === 'setting') settings[attribute.key] = value;
    else if (attribute.source === 'date') {
      const time = typeof value === 'string' ? parseWallTime(value) : undefined;
      // An explicit timezone (a date in another zone than the site's) wins over the site's offset.
      if (time) Object.assign(settings, dateSettings(time, site.timeZone), typeof attributes.timezone === 'number' ? { timezone: attributes.timezone } : {});
    } else if (attribute.source === 'island') island[attribute.key] = value;
    else if (attribute.key !== 'content' && content) content[attribute.key] = value;
  }
  const slots: RenderableTreeNode[] = [];
  if (attributes.content instanceof WidgetData) island.dataSlots = attributes.content.slots;
  const spec = tag.spec;
  if (spec?.children && tag.child && content) {
    const childNodes = node.children.filter((child) => isTag(child, spec.children?.tag));
    if (childNodes.length > 0) {
      const items = childNodes.map((child) => itemFrom(tag.child ?? { name: '', attributes: [], body: false }, child, config));
      content[spec.children.field] = items;
      childNodes.forEach((child, index) => {
        const slot = spec.children?.slot?.(items[index] ?? {}, index);
        if (slot) slots.push(new Markdoc.Tag('Slot', { name: slot }, child.transformChildren(config)));
      });
    }
  }
  if (spec?.body) {
    const body = node.children.filter((child) => !isTag(child, spec.children?.tag));
    if (!body.every(isBlank)) slots.push(new Markdoc.Tag('Slot', { name: spec.body }, body.flatMap((child) => child.transform(config) as RenderableTreeNode | RenderableTreeNode[])));
  }
  return new Markdoc.Tag('Island', { ...island, settings, content }, slots);
}

function widgetSchema(tag: WidgetTag): Schema {
  return {
    description: catalogue[tag.name]?.description,
    attributes: Object.fromEntries(tag.attributes.map((a) => [a.name, {}])),
    validate: (node, config) => validateWidget(tag, node, config),
    transform: (node, config) => transformWidget(tag, node, config),
  };
}

function childSchema(name: string): Schema {
  const names = new Set(ownersOf(name).flatMap((tag) => tag.child?.attributes.map((a) => a.name) ?? []));
  return {
    attributes: Object.fromEntries([...names].map((n) => [n, {}])),
    validate: (node, config) => validateChild(name, node, config),
    // Rendered by its widget tag; alone it has already failed validation.
    transform: () => [],
  };
}

/**
 * Markdoc's own tags, which the site does not take (issue 30): a page is what it shows, so no
 * `if`/`else`; there are no partials or slots to fill; a table is written in Markdown's `|` rows.
 */
export const REFUSED_BUILT_IN_TAGS: Readonly<Record<string, string>> = {
  if: 'a page shows the same to every visitor; write the text that should show',
  else: 'a page shows the same to every visitor; write the text that should show',
  partial: 'a page cannot include another file; copy the text, or ask for a widget',
  slot: 'slots are filled by a widget’s child tags, such as {% tab %}',
  table: 'write a table in Markdown, with | between the cells (see docs/authoring.md)',
};

function refusedSchema(name: string, why: string): Schema {
  return {
    // The attributes Markdoc's own tags take (`{% if $x %}`, `{% partial file="…" %}`): the tag is
    // refused whole, so its attributes are no problem of their own.
    attributes: { primary: {}, file: {}, variables: {} },
    validate(_node, config) {
      // An {% else %} inside a refused {% if %} is the same mistake: one message is enough.
      if (name === 'else' && (config.validation?.parents ?? []).some((p) => p.type === 'tag' && p.tag === 'if')) return [];
      return [{ id: 'tag-refused', level: 'error', message: `{% ${name} %} is a Markdoc tag this site does not take: ${why}; the tags are listed in docs/authoring.md` }];
    },
    transform: () => [],
  };
}

const configs = new WeakMap<Record<string, unknown>, Config>();

/**
 * The Markdoc config for content pages: widget tags, their child tags, the page-layout tags and
 * nodes. Made once per set of variables: the build loads thousands of pages with one (issue 47).
 */
export function authoringConfig(variables: Record<string, unknown>): Config {
  const made = configs.get(variables) ?? configFor(variables);
  configs.set(variables, made);
  return made;
}

function configFor(variables: Record<string, unknown>): Config {
  const childNames = [...new Set(widgetTags.flatMap((tag) => (tag.child ? [tag.child.name] : [])))];
  return {
    variables,
    tags: {
      ...Object.fromEntries(Object.entries(REFUSED_BUILT_IN_TAGS).map(([name, why]) => [name, refusedSchema(name, why)])),
      ...pageTags.tags,
      ...Object.fromEntries(widgetTags.map((tag) => [tag.name, widgetSchema(tag)])),
      ...Object.fromEntries(childNames.map((name) => [name, childSchema(name)])),
    },
    nodes: pageTags.nodes,
  };
}

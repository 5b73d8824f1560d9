import Markdoc, { type Config, type Node, type Schema, type ValidationError } from '@markdoc/markdoc';

/**
 * The few layout tags a page needs around its prose and widgets (sections, cards, a tooltip on a
 * term, a button-styled link), and the Markdown nodes with the attributes the site's markup uses
 * (`{% .lead %}` on a paragraph, `{% #id %}` on a heading, `{% lang="es" %}` on a paragraph).
 * Each one renders the markup the site's CSS and page services already know.
 */
const text = { type: String };
const labelledby = { type: String, render: 'aria-labelledby', description: 'the id of the heading that names it' };

/** A block element with an id, classes and the heading that names it. */
const container = (render: string, description: string): Schema => ({ render, description, attributes: { labelledby } });

function fixedClass(render: string, className: string, description: string, attributes: Schema['attributes'], extra: (attributes: Record<string, unknown>) => Record<string, unknown>): Schema {
  return {
    render,
    description,
    attributes,
    transform(node: Node, config: Config) {
      const given = node.transformAttributes(config);
      const classes = [className, typeof given.class === 'string' ? given.class : ''].filter(Boolean).join(' ');
      return new Markdoc.Tag(render, { class: classes, ...extra(given) }, node.transformChildren(config));
    },
  };
}

const requiredText = (description: string) => ({ type: String, required: true, description });

export const pageTags: { tags: Record<string, Schema>; nodes: Config['nodes'] } = {
  tags: {
    section: container('section', 'A section of the page (`labelledby` names its heading).'),
    article: container('article', 'An article inside the page.'),
    aside: container('aside', 'A note set apart from the text.'),
    block: container('div', 'A plain box for layout classes.'),
    cards: fixedClass('div', 'cards', 'A row of cards; `equal-heights=true` gives them one height.', { 'equal-heights': { type: Boolean } }, (a) =>
      a['equal-heights'] ? { 'data-equal-heights': '' } : {},
    ),
    card: fixedClass('article', 'card', 'One card; `waypoint` (percent of the window) reveals it on scroll.', { waypoint: { type: Number } }, (a) =>
      a.waypoint === undefined ? {} : { 'data-waypoint': String(a.waypoint) },
    ),
    list: {
      description: 'Gives the Markdown list inside it a class (`{% list class="language-list" %}`).',
      attributes: {},
      transform(node, config) {
        const { class: className } = node.transformAttributes(config);
        return node.transformChildren(config).map((child) =>
          Markdoc.Tag.isTag(child) && (child.name === 'ul' || child.name === 'ol') ? new Markdoc.Tag(child.name, { ...child.attributes, class: className }, child.children) : child,
        );
      },
    },
    button: {
      description: 'A link drawn as a button; `quiet=true` for the secondary style.',
      inline: true,
      attributes: { href: requiredText('where it leads'), quiet: { type: Boolean } },
      transform(node, config) {
        const { href, quiet } = node.transformAttributes(config);
        return new Markdoc.Tag('a', { class: quiet ? 'button button--quiet' : 'button', href }, node.transformChildren(config));
      },
    },
    'language-link': {
      description: 'A link to a page in another language (`lang`), or to this page (`current=true`).',
      inline: true,
      attributes: { href: requiredText('where it leads'), lang: text, current: { type: Boolean } },
      transform(node, config) {
        const { href, lang, current } = node.transformAttributes(config);
        const attributes: Record<string, unknown> = { href };
        if (lang) Object.assign(attributes, { lang, hreflang: lang });
        if (current) attributes['aria-current'] = 'page';
        return new Markdoc.Tag('a', attributes, node.transformChildren(config));
      },
    },
    tooltip: {
      description: 'A term with a tooltip that explains it.',
      inline: true,
      attributes: { id: requiredText('unique on the page'), tip: requiredText('the explanation') },
      transform: (node, config) => new Markdoc.Tag('Tooltip', node.transformAttributes(config), node.transformChildren(config)),
    },
    parallax: {
      description: 'A full-width band whose background picture drifts as the page scrolls.',
      attributes: { image: requiredText('the background picture'), speed: { type: Number }, labelledby },
      transform: (node, config) => new Markdoc.Tag('Parallax', node.transformAttributes(config), node.transformChildren(config)),
    },
    'icon-grid': {
      description: 'Flip cards with an icon and a title; the text shows on the back (no script).',
      selfClosing: true,
      attributes: { label: requiredText("the grid's name"), items: { type: Array, required: true, description: 'a list of {icon, title, text}' } },
      validate(node, config): ValidationError[] {
        const items: unknown = node.transformAttributes(config).items;
        const ok = Array.isArray(items) && items.every((i) => typeof i === 'object' && i !== null && ['icon', 'title', 'text'].every((k) => typeof (i as Record<string, unknown>)[k] === 'string'));
        return ok ? [] : [{ id: 'value:items', level: 'error', message: 'icon-grid: items must be a list of {icon: "…", title: "…", text: "…"}' }];
      },
      transform: (node, config) => new Markdoc.Tag('IconGrid', node.transformAttributes(config)),
    },
    'team-previews': {
      description: "The team portfolio's longer texts, from the team data.",
      selfClosing: true,
      attributes: { 'portfolio-id': requiredText("the portfolio's portfolio-id") },
      transform: (node, config) => new Markdoc.Tag('TeamPreviews', node.transformAttributes(config)),
    },
  },
  nodes: {
    paragraph: { ...Markdoc.nodes.paragraph, attributes: { lang: text, dir: text } },
    item: { ...Markdoc.nodes.item, attributes: { lang: text } },
  },
};

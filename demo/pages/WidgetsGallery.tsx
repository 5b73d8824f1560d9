import { attributeName } from '../../runtime/settings';
import { widgets } from '../../widgets/registry';
import { catalogue, specSections, type GalleryEntry, type SpecReference } from './widgets-gallery/catalogue';
import { cssOnlyWidgets, type CssOnlyEntry } from './widgets-gallery/css-only';
import { machineEvents, machineOutline, type OutlineNode } from './widgets-gallery/outline';

/** The spec file's path in the project's shared folder; the demo server does not serve it. */
const SPEC_FILE = 'spec/seed-spec.md';

function formatDefault(value: unknown): string {
  return value === undefined ? '(none)' : JSON.stringify(value);
}

function StateOutline({ node }: { node: OutlineNode }) {
  return (
    <li>
      <span className="gallery__state">{node.key}</span>
      {node.kind !== 'atomic' && ` (${node.kind}${node.initial ? `, starts in ${node.initial}` : ''})`}
      {(node.transitions.length > 0 || node.children.length > 0) && (
        <ul>
          {node.transitions.map((t, i) => (
            <li key={`${t.trigger}-${i}`}>
              on <code>{t.trigger}</code>
              {t.targets.length > 0 ? ` → ${t.targets.join(', otherwise ')}` : ' (stays)'}
            </li>
          ))}
          {node.children.map((child) => (
            <StateOutline key={child.key} node={child} />
          ))}
        </ul>
      )}
    </li>
  );
}

function SpecList({ refs }: { refs: SpecReference[] }) {
  return (
    <ul>
      {refs.map((ref) => (
        <li key={`${ref.section}-${ref.topic}`}>
          <cite>
            §{ref.section} {specSections[ref.section].title}: {ref.topic}
          </cite>{' '}
          (<code>{`${SPEC_FILE}#${specSections[ref.section].anchor}`}</code>)
        </li>
      ))}
    </ul>
  );
}

function LiveLinks({ name, paths }: { name: string; paths: string[] }) {
  return paths.map((path) => (
    <li key={path}>
      <a href={path}>
        {name} on {path}
      </a>
    </li>
  ));
}

function WidgetSection({ name, entry }: { name: string; entry: GalleryEntry }) {
  const { widget } = entry;
  const defaults = (widget.settings.defaults() ?? {}) as Record<string, unknown>;
  const settings = Object.entries(defaults);
  const outline = machineOutline(widget.machine);
  const events = machineEvents(outline);
  const [inspectPath] = entry.livePaths;
  const headingId = `widget-${name}`;
  return (
    <section className="gallery__widget" aria-labelledby={headingId} data-gallery-widget={name}>
      <h2 id={headingId}>{name}</h2>
      <p>{entry.description}</p>

      <h3>Settings</h3>
      {settings.length === 0 ? (
        <p>No data-attribute settings.</p>
      ) : (
        <table className="gallery__settings">
          <caption>Settings of {name}, read from the island’s data attributes</caption>
          <thead>
            <tr>
              <th scope="col">Attribute</th>
              <th scope="col">Default</th>
            </tr>
          </thead>
          <tbody>
            {settings.map(([key, value]) => (
              <tr key={key}>
                <th scope="row">
                  <code>{attributeName(key)}</code>
                </th>
                <td>
                  <code>{formatDefault(value)}</code>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}

      <h3>Spec</h3>
      <SpecList refs={entry.spec} />

      <h3>Live in the demo</h3>
      <ul>
        <LiveLinks name={name} paths={entry.livePaths} />
        <li>
          <a href={`${inspectPath}?inspect`} data-live-statechart={name}>
            Live statechart of {name} on {inspectPath}
          </a>{' '}
          (the page opens with the inspector in a new window)
        </li>
      </ul>

      <h3>Statechart: machine {outline.key}</h3>
      <p>
        Events: {events.length === 0 ? 'none (timers only)' : events.map((e, i) => [i > 0 && ', ', <code key={e}>{e}</code>])}
      </p>
      {/* Folded: the 30 outlines are 1,300 elements and 23,000 px of a phone's page, which the browser
          would lay out before the first paint (issue 14). A closed <details> is not laid out, works
          without JS, and find in page opens it. */}
      <details className="gallery__statechart">
        <summary>States and transitions of {name}</summary>
        <ul className="gallery__outline" aria-label={`States and transitions of ${name}`}>
          <StateOutline node={outline} />
        </ul>
      </details>
    </section>
  );
}

/** A widget with no island and no machine: its props, its markup classes, and why it has no statechart. */
function CssOnlySection({ name, entry }: { name: string; entry: CssOnlyEntry }) {
  const headingId = `widget-${name}`;
  return (
    <section className="gallery__widget" aria-labelledby={headingId} data-gallery-css-widget={name}>
      <h2 id={headingId}>{name}</h2>
      <p>
        {entry.description} CSS only: not an island, no script.
      </p>

      <h3>Settings</h3>
      <p>
        No data-attribute settings. A page renders <code>{entry.component}</code> with <code>{entry.props}</code>.
      </p>

      <h3>Markup</h3>
      <table className="gallery__settings">
        <caption>Classes of {name} and what each is for</caption>
        <thead>
          <tr>
            <th scope="col">Class</th>
            <th scope="col">Element</th>
            <th scope="col">Role</th>
          </tr>
        </thead>
        <tbody>
          {entry.markup.map((part) => (
            <tr key={part.className}>
              <th scope="row">
                <code>.{part.className}</code>
              </th>
              <td>
                <code>{part.element}</code>
              </td>
              <td>{part.role}</td>
            </tr>
          ))}
        </tbody>
      </table>

      <h3>Spec</h3>
      <SpecList refs={entry.spec} />

      <h3>Live in the demo</h3>
      <ul>
        <LiveLinks name={name} paths={entry.livePaths} />
      </ul>

      <h3>Statechart: none</h3>
      <p>{entry.noStatechart}</p>

      <h3>Example</h3>
      <div className="gallery__example">{entry.example()}</div>
    </section>
  );
}

/** Registered widgets the catalogue has an entry for, in registry order. */
export function galleryWidgets(): Array<{ name: string; entry: GalleryEntry }> {
  return Object.keys(widgets).flatMap((name) => {
    const entry = catalogue[name];
    return entry ? [{ name, entry }] : [];
  });
}

export function WidgetsGalleryPage() {
  const listed = galleryWidgets();
  const cssOnly = Object.entries(cssOnlyWidgets);
  return (
    <article className="page gallery">
      <h1>Widgets gallery</h1>
      <p className="lead">
        Every widget of the site: what it does, its settings with their defaults, the spec sections it implements, where
        it is live in this demo, and its statechart. The widgets that need no script (CSS only, so no statechart) come
        last, with their markup classes instead.
      </p>
      <p>
        The spec is not part of the website: it lives in the project’s shared folder as <code>{SPEC_FILE}</code>, and
        each reference below names its section (§) and the heading anchor in that file. A “live statechart” link opens
        the demo page with <code>?inspect</code>, which opens the offline inspector (<code>/__inspect/</code>) in a new
        window with the running statechart of every actor on that page.
      </p>
      <nav aria-label="Widgets">
        <ul className="gallery__index">
          {[...listed.map(({ name }) => name), ...cssOnly.map(([name]) => name)].map((name) => (
            <li key={name}>
              <a href={`#widget-${name}`}>{name}</a>
            </li>
          ))}
        </ul>
      </nav>
      {listed.map(({ name, entry }) => (
        <WidgetSection key={name} name={name} entry={entry} />
      ))}
      {cssOnly.map(([name, entry]) => (
        <CssOnlySection key={name} name={name} entry={entry} />
      ))}
    </article>
  );
}

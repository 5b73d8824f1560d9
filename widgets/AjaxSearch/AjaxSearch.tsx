import { useSelector } from '@xstate/react';
import { useEffect, useRef, type KeyboardEvent } from 'react';
import type { ActorRefFrom } from 'xstate';
import type { ajaxSearchMachine } from '../../machines/ajax-search/ajax-search.machine';
import { optionsOf } from '../../machines/ajax-search/ajax-search.rules';

interface Props {
  actorRef: ActorRefFrom<typeof ajaxSearchMachine>;
}

const FIELD_ID = 'header-search-field';
const LIST_ID = 'header-search-results';
const optionId = (index: number) => `header-search-option-${index}`;
/** WAI-ARIA combobox: these move the caret in the text, and so return to it from an active option. */
const CARET_KEYS = new Set(['ArrowLeft', 'ArrowRight', 'Home', 'End']);

/**
 * §2 header search with §4 live results, as a WAI-ARIA combobox with a listbox popup. With JS off
 * (or before hydration) it is the plain GET /search/?s= form. Arrow keys move the active option,
 * Enter opens it (or, with none active, sends the form to the results page), Escape resets; typing
 * and the caret keys return to the text.
 */
export function AjaxSearchView({ actorRef }: Props) {
  const value = useSelector(actorRef, (s) => s.context.value);
  const results = useSelector(actorRef, (s) => s.context.results);
  const parked = useSelector(actorRef, (s) => s.context.parked);
  const activeIndex = useSelector(actorRef, (s) => s.context.activeIndex);
  const failed = useSelector(actorRef, (s) => s.context.failed);
  const searching = useSelector(actorRef, (s) => s.matches('searching'));
  const formRef = useRef<HTMLFormElement>(null);
  const open = results !== null && !parked;
  const options = optionsOf(results);

  // §4: a click outside parks the results (the field's own click shows them again).
  useEffect(() => {
    const form = formRef.current;
    if (!form) return;
    const onPointerDown = (event: PointerEvent) => {
      if (event.target instanceof Node && !form.contains(event.target)) actorRef.send({ type: 'search.outside' });
    };
    form.ownerDocument.addEventListener('pointerdown', onPointerDown);
    return () => form.ownerDocument.removeEventListener('pointerdown', onPointerDown);
  }, [actorRef]);

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key === 'ArrowDown') actorRef.send({ type: 'results.next' });
    else if (event.key === 'ArrowUp') actorRef.send({ type: 'results.prev' });
    else if (event.key === 'Escape') actorRef.send({ type: 'search.escape' });
    else if (event.key === 'Enter' && open && options[activeIndex]) actorRef.send({ type: 'results.open' });
    else {
      // The caret keys keep their default (they move in the text) and return to it.
      if (CARET_KEYS.has(event.key)) actorRef.send({ type: 'search.caret' });
      return;
    }
    event.preventDefault();
  }

  let index = -1;
  const option = (href: string, children: React.ReactNode, className: string) => {
    index += 1;
    return (
      <a key={optionId(index)} id={optionId(index)} role="option" aria-selected={index === activeIndex} href={href} tabIndex={-1} className={className}>
        {children}
      </a>
    );
  };

  const status = failed
    ? 'Live search is not available right now; press Enter to see the results page.'
    : !results
      ? ''
      : options.length > (results.viewAll ? 1 : 0)
        ? `${options.length - (results.viewAll ? 1 : 0)} results. Use the up and down arrows to choose one.`
        : (results.notFound ?? 'No results.');

  return (
    <form ref={formRef} className="header-search ajax-search" role="search" aria-label="Site search" action="/search/" method="get" aria-busy={searching || undefined}>
      <label className="visually-hidden" htmlFor={FIELD_ID}>
        Search the site
      </label>
      <div className="ajax-search__box">
        <input
          id={FIELD_ID}
          name="s"
          type="search"
          placeholder="Search"
          autoComplete="off"
          role="combobox"
          aria-autocomplete="list"
          aria-expanded={open}
          aria-controls={LIST_ID}
          aria-activedescendant={open && activeIndex >= 0 ? optionId(activeIndex) : undefined}
          value={value}
          onChange={(event) => actorRef.send({ type: 'search.input', value: event.target.value })}
          onKeyDown={onKeyDown}
          onClick={() => actorRef.send({ type: 'search.field' })}
        />
        <div id={LIST_ID} role="listbox" aria-label="Search results" className="ajax-search__results" hidden={!open}>
          {results?.groups.map((group) => (
            <div key={group.type} role="group" aria-label={group.type} className="ajax-search__group">
              <div className="ajax-search__type" aria-hidden="true">
                {group.type}
              </div>
              {group.entries.map((entry) =>
                option(
                  entry.href,
                  <>
                    <strong className="ajax-search__title">{entry.title}</strong>
                    <span className="ajax-search__excerpt">{entry.excerpt}</span>
                  </>,
                  'ajax-search__entry',
                ),
              )}
            </div>
          ))}
          {results?.notFound ? (
            <div role="option" aria-disabled="true" aria-selected={false} className="ajax-search__not-found">
              {results.notFound}
            </div>
          ) : null}
          {results?.viewAll ? option(results.viewAll.href, results.viewAll.title, 'ajax-search__view-all') : null}
        </div>
      </div>
      <button type="submit">Search</button>
      {/* A polite live region without the status role, so the page's own status messages stay the only ones. */}
      <p className="visually-hidden" aria-live="polite">
        {status}
      </p>
    </form>
  );
}

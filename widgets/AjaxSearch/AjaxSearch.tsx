import { useSelector } from '@xstate/react';
import { useEffect, useRef, type ReactNode } from 'react';
import type { ActorRefFrom } from 'xstate';
import type { ajaxSearchMachine } from '../../machines/ajax-search/ajax-search.machine';
import { translate } from '../../runtime/translations';
import { connectAjaxSearch, type NumberedOption } from './ajax-search.connect';
import { ajaxSearchTranslations, type AjaxSearchTranslations } from './ajax-search.translations';

interface Props {
  actorRef: ActorRefFrom<typeof ajaxSearchMachine>;
  /** Only labels in the page's language, when the search sits in a page that is not in English. */
  content?: { translations?: Partial<AjaxSearchTranslations> };
}

/**
 * §2 header search with §4 live results, as a WAI-ARIA combobox with a listbox popup (its ARIA and
 * keys: ajax-search.connect.ts). With JS off (or before hydration) it is the plain GET /search/?s= form.
 */
export function AjaxSearchView({ actorRef, content }: Props) {
  const snapshot = useSelector(actorRef, (s) => s);
  const formRef = useRef<HTMLFormElement>(null);
  const api = connectAjaxSearch(snapshot, actorRef.send, translate(ajaxSearchTranslations, content?.translations));
  const list = api.list;

  // §4: a click outside parks the results (the field's own click shows them again).
  const onDocumentPointerDown = api.onDocumentPointerDown;
  useEffect(() => {
    const form = formRef.current;
    if (!form) return;
    const onPointerDown = (event: PointerEvent) => onDocumentPointerDown(event.target, form);
    form.ownerDocument.addEventListener('pointerdown', onPointerDown);
    return () => form.ownerDocument.removeEventListener('pointerdown', onPointerDown);
  }, [onDocumentPointerDown]);

  const option = ({ index, href }: NumberedOption, children: ReactNode, className: string) => (
    <a key={index} {...api.getOptionProps(index, href)} className={className}>
      {children}
    </a>
  );

  return (
    <form ref={formRef} className="header-search ajax-search" {...api.formProps}>
      <label {...api.labelProps}>{api.labelText}</label>
      <div className="ajax-search__box">
        <input {...api.inputProps} />
        <div {...api.listProps} className="ajax-search__results">
          {list.groups.map((group) => (
            <div key={group.type} {...api.getGroupProps(group.type)} className="ajax-search__group">
              <div className="ajax-search__type" aria-hidden="true">
                {group.type}
              </div>
              {group.options.map((entry) =>
                option(
                  entry,
                  <>
                    <strong className="ajax-search__title">{entry.title}</strong>
                    <span className="ajax-search__excerpt">{entry.excerpt}</span>
                  </>,
                  'ajax-search__entry',
                ),
              )}
            </div>
          ))}
          {list.notFound ? (
            <div {...api.notFoundProps} className="ajax-search__not-found">
              {list.notFound}
            </div>
          ) : null}
          {list.viewAll ? option(list.viewAll, list.viewAll.title, 'ajax-search__view-all') : null}
        </div>
      </div>
      <button type="submit">{api.submitText}</button>
      {/* A polite live region without the status role, so the page's own status messages stay the only ones. */}
      <p className="visually-hidden" aria-live="polite">
        {api.status}
      </p>
    </form>
  );
}

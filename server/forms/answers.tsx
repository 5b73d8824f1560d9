import type { FieldSpec } from '../../machines/ajax-form/ajax-form.rules';
import site from '../site-entry';
import { escapeHtml } from '../html';
import { renderServerPage, type ServerPage, type SiteAssets } from '../pages';

/**
 * The HTML a form post is answered with: the fragment the ajax form shows (§7: an error answer
 * carries av-form-error-container), or, for a post made with JS off, a full page in the site's
 * shell holding the same fragment.
 */
export interface FieldProblem {
  field: FieldSpec;
  message: string;
}

export function errorFragment(message: string, problems: readonly FieldProblem[] = []): string {
  const list = problems.length
    ? `<ul>${problems.map((p) => `<li><strong>${escapeHtml(p.field.label)}:</strong> ${escapeHtml(p.message)}</li>`).join('')}</ul>`
    : '';
  return `<div class="av-form-error-container" role="alert"><p>${escapeHtml(message)}</p>${list}</div>`;
}

export function contactSuccess(id: number, name: string): string {
  return (
    `<div class="ajax-form-response av-form-success-container" data-message-id="${id}">` +
    `<h3>Thank you, ${escapeHtml(name.trim().slice(0, 80))}</h3>` +
    `<p>Your message has arrived. A nurse or one of our family team will answer within one working day.</p></div>`
  );
}

export function answerPage(assets: SiteAssets, options: { ok: boolean; fragment: string; back: string; path: string }): string {
  const page: ServerPage = {
    path: options.path,
    title: `${options.ok ? 'Sent' : 'Not sent'} | ${site.name}`,
    description: options.ok ? 'Your form was sent.' : 'Your form was not sent.',
    body: (
      <article className="page form-answer">
        <h1>{options.ok ? 'Thank you' : 'Your form was not sent'}</h1>
        <div dangerouslySetInnerHTML={{ __html: options.fragment }} />
        <p>
          <a href={options.back}>{options.ok ? 'Back to the site' : 'Go back to the form'}</a>
        </p>
      </article>
    ),
  };
  return renderServerPage(page, assets);
}

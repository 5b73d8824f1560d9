import site from '../site-entry';
import { renderServerPage, type SiteAssets } from '../pages';

/**
 * Issue 33: the confirm and unsubscribe pages, in the site's own shell, rendered by the server
 * (the answer depends on the link). Plain HTML forms: they work with JS off. Following a link only
 * shows a button; the change is a POST, so a mail scanner that opens every link changes nothing.
 */
export interface LinkPage {
  status: number;
  title: string;
  /** What happened, in a sentence or two. */
  lines: string[];
  /** A button that posts the link's token back. */
  action?: { path: string; token: string; label: string };
}

export function renderLinkPage(assets: SiteAssets, path: string, page: LinkPage): string {
  return renderServerPage(
    {
      path,
      title: `${page.title} | ${site.name}`,
      description: page.title,
      body: (
        <article className="page newsletter-link">
          <h1>{page.title}</h1>
          {page.lines.map((line) => (
            <p key={line}>{line}</p>
          ))}
          {page.action ? (
            <form method="post" action={`${page.action.path}?t=${encodeURIComponent(page.action.token)}`}>
              <button type="submit" className="button">
                {page.action.label}
              </button>
            </form>
          ) : (
            <p>
              <a href="/">Back to the site</a>
            </p>
          )}
        </article>
      ),
    },
    assets,
  );
}

const SIGN_UP_AGAIN = 'Nothing was changed. You can sign up again with the newsletter form at the foot of any page.';

/** The pages for a link that is not (or no longer) good. */
export const linkProblem = {
  invalid: {
    status: 400,
    title: 'This link is not valid',
    lines: ['It may have been cut short or changed on its way. Nothing was changed. Open it again from the mail, or copy the whole address.'],
  },
  expired: (days: number): LinkPage => ({
    status: 410,
    title: 'This link has expired',
    lines: [`A confirmation link works for ${days} day${days === 1 ? '' : 's'}, and this one is older.`, SIGN_UP_AGAIN],
  }),
  unknown: {
    status: 410,
    title: 'This link no longer works',
    lines: ['It belongs to a sign-up that was cancelled, or replaced by a newer one with its own mail.', SIGN_UP_AGAIN],
  },
} satisfies Record<string, LinkPage | ((days: number) => LinkPage)>;

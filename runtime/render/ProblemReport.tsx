import { MAX_WORDS } from '../report/report.rules';
import { problemReportLabels, type ProblemReportLabels } from '../report/labels';

/**
 * Issue 51: "Report a problem", prerendered in the page's language and driven by the problem-report
 * page service (runtime/services/problem-report.ts). The button goes in the footer; the dialog (a
 * native modal <dialog>, like the privacy settings) outside it. Shown only with scripts: without
 * them there is no recording to send. The sentences the service writes (sending, sent, failed) ride
 * on the status element's data attributes, in the page's language.
 */
export function ProblemReportButton({ labels = problemReportLabels, lang }: { labels?: ProblemReportLabels; lang?: string }) {
  return (
    <p className="problem-report__open" data-problem-report-open="" lang={lang}>
      <button type="button" className="link-button" aria-haspopup="dialog" aria-controls="problem-report-dialog">
        {labels.open}
      </button>
    </p>
  );
}

export function ProblemReportDialog({ labels = problemReportLabels, lang, dir }: { labels?: ProblemReportLabels; lang?: string; dir?: 'ltr' | 'rtl' }) {
  return (
    <div className="problem-report" data-problem-report="" lang={lang} dir={dir}>
      <dialog className="problem-report__dialog" id="problem-report-dialog" aria-labelledby="problem-report-title" aria-describedby="problem-report-intro" data-problem-report-dialog="">
        <form method="dialog" data-problem-report-form="" noValidate>
          <h2 id="problem-report-title">{labels.title}</h2>
          <p id="problem-report-intro">{labels.intro}</p>
          <label htmlFor="problem-report-words">{labels.words}</label>
          <textarea id="problem-report-words" name="words" rows={4} maxLength={MAX_WORDS} aria-describedby="problem-report-status" data-problem-report-words="" />
          <p
            className="problem-report__status"
            id="problem-report-status"
            role="status"
            data-problem-report-status=""
            data-blank={labels.blank}
            data-sending={labels.sending}
            data-sent={labels.sent}
            data-failed={labels.failed}
            data-not-started={labels.notStarted}
            data-cancel={labels.cancel}
            data-close={labels.close}
          />
          <div className="problem-report__actions">
            <button type="submit" className="button" data-problem-report-send="">
              {labels.send}
            </button>
            <button type="button" className="button button--secondary" data-problem-report-close="">
              {labels.cancel}
            </button>
          </div>
        </form>
      </dialog>
    </div>
  );
}

import { Island } from '../../runtime/build/Island';
import ajaxForm from '../../widgets/AjaxForm/widget';
import { CAPTCHA_QUESTION_PLACEHOLDER, CAPTCHA_VERIFIER_PLACEHOLDER, contactForm } from '../content/forms';
import { site } from '../site';

/**
 * §3 Contact form with every §5 field class and the captcha. The page is prerendered with
 * placeholders; the server fills in a freshly signed captcha on every visit (server/forms/routes.ts).
 */
export function ContactPage() {
  return (
    <article className="page" data-search-type="Pages">
      <h1>Contact us</h1>
      <p className="lead">
        Write to our care team about home care, the day centre or family support. A nurse or one of our family team answers
        within one working day. For anything urgent, call {site.phone}; in an emergency call 911.
      </p>
      <p>Every field is needed so that we can answer you well. Nothing you write is shared outside our team.</p>
      <Island
        widget={ajaxForm}
        id="contact-form-island"
        content={{ form: contactForm, captcha: { question: CAPTCHA_QUESTION_PLACEHOLDER, verifier: CAPTCHA_VERIFIER_PLACEHOLDER } }}
      />
    </article>
  );
}

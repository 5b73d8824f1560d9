import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { expectNoAxeViolations, hydrated, useBrowser } from '../support/browser';

const { visit } = useBrowser();
/** The shared 2-core machine can take seconds to load an island's chunk; poll for longer than the default second. */
const poll = <T>(read: () => T | Promise<T>) => expect.poll(read, { timeout: 15_000 });

const contact = (page: Page) => page.locator('#contact-form');
const field = (page: Page, name: string) => contact(page).getByLabel(name, { exact: true });

/** Fills every field of the contact form correctly, answering the captcha the page asks. */
async function fillContact(page: Page) {
  await field(page, 'Your name').fill('Ana Lima');
  await field(page, 'E-mail').fill('ana@example.org');
  await field(page, 'Family e-mail').fill('jürgen@müller.de');
  await field(page, 'School or care-team e-mail').fill("o'neil+care@school.example");
  await field(page, 'Phone').fill('(555) 014-2290 ext 12');
  await field(page, 'Child’s age in years').fill('4');
  await field(page, 'Weight change since the last visit, in pounds').fill('-1,5');
  await field(page, 'What is it about?').selectOption('Day centre');
  await field(page, 'Message').fill('Can a nurse visit on Tuesdays? 🙂');
  await field(page, 'I agree that Harbourlight stores this message to answer it').check();
  const question = contact(page).getByLabel(/^Anti-spam question: /);
  const label = (await question.getAttribute('id')) ?? '';
  const text = (await page.locator(`label[for="${label}"]`).textContent()) ?? '';
  const [, a, b] = /(\d) \+ (\d) = \?/.exec(text) ?? [];
  await question.fill(String(Number(a) + Number(b)));
}

describe('contact form as a visitor uses it (§3, §4 Ajax form, §5)', () => {
  it('sending it empty marks every field, announces the errors and focuses the first one', async () => {
    const { page, errors } = await visit('/contact/', { waitForHydration: true });
    await contact(page).getByRole('button', { name: 'Send message' }).click();
    await poll(() => contact(page).getByRole('alert').textContent()).toMatch(/^\d+ fields need attention: Your name, E-mail/);
    expect(await field(page, 'Your name').evaluate((el) => el === document.activeElement)).toBe(true);
    expect(await field(page, 'Your name').getAttribute('aria-invalid')).toBe('true');
    expect(await field(page, 'Your name').evaluate((el) => el.parentElement?.className)).toContain('error');
    await field(page, 'Your name').fill('Ana');
    await contact(page).getByRole('button', { name: 'Send message' }).click();
    await poll(() => field(page, 'Your name').evaluate((el) => el.parentElement?.className)).toContain('valid');
    expect(await field(page, 'E-mail').getAttribute('aria-invalid')).toBe('true');
    expect(errors).toEqual([]);
    await expectNoAxeViolations(page);
  });

  it('a valid message shows "Sending", then the answer in place of the form', async () => {
    const { page, context, errors } = await visit('/contact/', { waitForHydration: true });
    await fillContact(page);
    await context.route('**/forms/contact', async (route) => {
      await new Promise((r) => setTimeout(r, 400));
      await route.continue();
    });
    await contact(page).getByRole('button', { name: 'Send message' }).click();
    const sending = contact(page).getByRole('button', { name: 'Sending' });
    await poll(() => sending.getAttribute('aria-disabled')).toBe('true');
    await poll(() => page.getByRole('heading', { name: 'Thank you, Ana Lima' }).isVisible()).toBe(true);
    expect(await contact(page).isVisible()).toBe(false);
    expect(errors).toEqual([]);
  });

  it('a network failure keeps what was typed and asks to try again; the retry succeeds', async () => {
    const { page, context } = await visit('/contact/', { waitForHydration: true });
    await fillContact(page);
    await context.route('**/forms/contact', (route) => route.abort('internetdisconnected'));
    await contact(page).getByRole('button', { name: 'Send message' }).click();
    await poll(() => contact(page).getByRole('status').textContent()).toContain('could not be sent');
    expect(await field(page, 'Message').inputValue()).toBe('Can a nurse visit on Tuesdays? 🙂');
    await context.unroute('**/forms/contact');
    await contact(page).getByRole('button', { name: 'Send message' }).click();
    await poll(() => page.getByRole('heading', { name: 'Thank you, Ana Lima' }).isVisible()).toBe(true);
  });

  it('works with JS off: a plain post answered with a full page', async () => {
    const { page } = await visit('/contact/', { javaScriptEnabled: false });
    await fillContact(page);
    await contact(page).getByRole('button', { name: 'Send message' }).click();
    await page.waitForURL('**/forms/contact');
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('Thank you');
    expect(await page.getByRole('heading', { name: 'Thank you, Ana Lima' }).isVisible()).toBe(true);
  });

  it('the contact page passes axe and hydrates over its served captcha without a mismatch', async () => {
    const { page, warnings, errors } = await visit('/contact/', { waitForHydration: true });
    await expectNoAxeViolations(page);
    expect(warnings.filter((w) => w.includes('did not match'))).toEqual([]);
    expect(errors).toEqual([]);
  });
});

describe('§5 rules declared by class, the same in browser and server (issue 20, items 8-9)', () => {
  /** The field's paragraph (its parent, which §5 marks error or valid). */
  const parentClass = (page: Page, name: string) => field(page, name).evaluate((el) => el.parentElement?.className ?? '');

  it('each control carries its rule class in the served markup, and the rendered class list decides the browser check', async () => {
    const { page } = await visit('/contact/', { javaScriptEnabled: false });
    expect(await field(page, 'Phone').getAttribute('class')).toContain('is_phone');
    expect(await field(page, 'E-mail').getAttribute('class')).toContain('is_email');
    expect(await contact(page).getByLabel(/^Anti-spam question/).getAttribute('class')).toContain('captcha');

    const live = await visit('/contact/', { waitForHydration: true });
    const posts: string[] = [];
    live.page.on('request', (request) => {
      if (request.method() === 'POST') posts.push(request.url());
    });
    await fillContact(live.page);
    await field(live.page, 'Phone').fill('call me');
    await contact(live.page).getByRole('button', { name: 'Send message' }).click();
    await poll(() => parentClass(live.page, 'Phone')).toContain('error');
    expect(await field(live.page, 'Phone').getAttribute('aria-invalid')).toBe('true');
    expect(await contact(live.page).getByRole('alert').textContent()).toContain('Phone');
    // The class list on the rendered field is what counts: Message classed is_number must hold a number.
    await field(live.page, 'Phone').fill('(555) 014-2290');
    await field(live.page, 'Message').evaluate((el) => el.setAttribute('class', 'is_number'));
    await contact(live.page).getByRole('button', { name: 'Send message' }).click();
    await poll(() => parentClass(live.page, 'Message')).toContain('error');
    expect(await parentClass(live.page, 'Phone')).toContain('valid');
    expect(await contact(live.page).locator('#contact-form-message-error').textContent()).toBe('Enter a number such as 12 or -3.5.');
    expect(posts).toEqual([]);
  });

  it('captcha: a verifier whose last digit points at itself is accepted in the browser with that digit', async () => {
    const { page, context } = await visit('/contact/');
    // The served page with verifier digits whose last digit (8) points at index 8, itself.
    await context.route('**/contact/', async (route) => {
      const served = await route.fetch();
      const body = (await served.text()).replace(/\b\d{9}(\.\d+\.[\w-]+)/g, '912345608$1');
      await route.fulfill({ response: served, body });
    });
    await page.reload();
    await hydrated(page);
    expect(await page.locator('input[name="captcha_verifier"]').getAttribute('value')).toMatch(/^912345608\./);
    await fillContact(page);
    await contact(page).getByLabel(/^Anti-spam question/).fill('8');
    const sent = page.waitForRequest((request) => request.method() === 'POST' && request.url().endsWith('/forms/contact'));
    await contact(page).getByRole('button', { name: 'Send message' }).click();
    expect(new URLSearchParams((await sent).postData() ?? '').get('captcha')).toBe('8');
    expect(await parentClass(page, 'Phone')).toContain('valid');
    expect(await contact(page).getByLabel(/^Anti-spam question/).evaluate((el) => el.parentElement?.className)).toContain('valid');
  });
});

describe('newsletter form in every footer (§7 Newsletter form)', () => {
  const newsletter = (page: Page) => page.locator('#newsletter-form');

  it('subscribes from the footer and shows the success container', async () => {
    const { page, errors } = await visit('/dosing/');
    await newsletter(page).getByLabel('Your e-mail').fill('footer-parent@example.org');
    await newsletter(page).getByRole('button', { name: 'Subscribe' }).click();
    await poll(() => page.locator('.site-footer .av-form-success-container').textContent()).toContain('we sent a mail to footer-parent@example.org');
    expect(errors).toEqual([]);
  });

  it('an error answer is shown above the form and the form can be sent again', async () => {
    const { page, context } = await visit('/');
    await hydrated(page);
    let calls = 0;
    await context.route('**/forms/newsletter', async (route) => {
      calls += 1;
      if (calls === 1) {
        await route.fulfill({ status: 422, contentType: 'text/html', body: '<div class="av-form-error-container" role="alert"><p>The list is closed today.</p></div>' });
      } else await route.continue();
    });
    await newsletter(page).getByLabel('Your e-mail').fill('again@example.org');
    await newsletter(page).getByRole('button', { name: 'Subscribe' }).click();
    await poll(() => page.locator('.site-footer .av-form-error-container').textContent()).toContain('The list is closed today.');
    expect(await newsletter(page).isVisible()).toBe(true);
    expect(await newsletter(page).getByLabel('Your e-mail').inputValue()).toBe('again@example.org');
    await newsletter(page).getByRole('button', { name: 'Subscribe' }).click();
    await poll(() => page.locator('.site-footer .av-form-success-container').isVisible()).toBe(true);
    expect(await page.locator('.site-footer .av-form-error-container').count()).toBe(0);
  });

  it('a bad address is marked before anything is sent', async () => {
    const { page } = await visit('/');
    await newsletter(page).getByLabel('Your e-mail').fill('not-an-address');
    await newsletter(page).getByRole('button', { name: 'Subscribe' }).click();
    await poll(() => newsletter(page).getByLabel('Your e-mail').getAttribute('aria-invalid')).toBe('true');
  });
});

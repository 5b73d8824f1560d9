import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { expectNoAxeViolations, useBrowser } from '../support/browser';

const { visit } = useBrowser();

const result = (page: Page, title: string) => page.getByRole('region', { name: title }).getByRole('status');

async function resolvedConfig(page: Page): Promise<Record<string, unknown>> {
  const listing = result(page, 'A valid script tag').getByLabel('Resolved configuration');
  await expect.poll(() => listing.count()).toBe(1);
  return JSON.parse((await listing.textContent()) ?? '{}') as Record<string, unknown>;
}

describe('payment SDK developer page (§3, §5)', () => {
  it('reads the script tag’s address and data attributes into the resolved config', async () => {
    const { page, errors } = await visit('/developers/sdk/', { locale: 'fr-CA' });
    const config = await resolvedConfig(page);
    expect(config).toMatchObject({
      locale: 'zh_Hant_HK',
      browserLocale: 'fr_CA',
      query: {
        clientId: 'AZDxjDScFpQtjWTOUtWKbyN_bDt4OgqaF4eYXlewfBP4-8aqX3PiV8e1GWU6liB2CUXlkA59kJXE7M6R',
        env: 'sandbox',
        currency: 'EUR',
        intent: 'capture',
        commit: true,
        vault: false,
        components: ['buttons', 'funding-eligibility'],
        enableFunding: ['venmo'],
        disableCard: ['amex'],
      },
      data: {
        amount: '25.00',
        pageType: 'checkout',
        partnerAttributionId: 'HARBOURLIGHT_SP',
        popupsDisabled: true,
        enable3ds: true,
        clientMetadataId: 'harbourlight-demo-session',
      },
      warnings: [],
    });
    expect(errors).toEqual([]);
  });

  it('shows the provider’s message for a tag that breaks a rule', async () => {
    const { page } = await visit('/developers/sdk/');
    await expect
      .poll(() => result(page, 'A script tag that breaks a rule').textContent())
      .toBe('Error: Must pass multiple merchant ids to data-merchant-id. If passing a single id, pass merchant-id=XYZ in url');
  });

  it('the script tags are never fetched, and the page passes axe once resolved', async () => {
    const { page } = await visit('/developers/sdk/');
    await resolvedConfig(page);
    const fetched = await page.evaluate(() => performance.getEntriesByType('resource').map((entry) => entry.name).filter((name) => name.includes('/sdk/js')));
    expect(fetched).toEqual([]);
    await expectNoAxeViolations(page);
  });

  it('reads with JS off: the tags are shown and the result says it needs JavaScript', async () => {
    const { page } = await visit('/developers/sdk/', { javaScriptEnabled: false });
    expect(await page.getByRole('region', { name: 'A valid script tag' }).locator('code').textContent()).toContain('data-page-type="Checkout"');
    expect(await result(page, 'A valid script tag').textContent()).toBe('The resolved configuration appears here when JavaScript runs.');
  });
});

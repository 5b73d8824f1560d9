import { describe, expect, it } from 'vitest';
import { ajaxFormSettings } from './ajax-form.settings';

describe('ajax-form settings: data-redirect (§3)', () => {
  it('keeps a path on this site and drops anything a browser would read as another host (issue 17)', () => {
    const redirect = (value: string) => ajaxFormSettings.parse({ redirect: value }, () => undefined).redirect;
    expect(redirect('/thanks/?from=contact')).toBe('/thanks/?from=contact');
    for (const offSite of ['//evil.example/', '/\\evil.example/', '/\t/evil.example/', 'https://evil.example/', 'javascript:alert(1)', 'thanks/']) {
      expect(redirect(offSite), offSite).toBe('');
    }
  });
});

import { describe, expect, it } from 'vitest';
import { layoutTabsSettings } from '../LayoutTabs/layout-tabs.settings';
import { tabsSettings } from '../Tabs/tabs.settings';
import { togglesSettings } from '../Toggles/toggles.settings';
import { tabSectionSettings } from './tab-section.settings';

function parse<T>(schema: { parse(a: Record<string, string>, warn: (m: string) => void): T }, attributes: Record<string, string>) {
  const warnings: string[] = [];
  return { settings: schema.parse(attributes, (m) => warnings.push(m)), warnings };
}

describe('tab widget settings (docs/design.md invariant 5: parsed, never trusted)', () => {
  it('defaults: first tab, no auto-height, toggles all closed and independent', () => {
    expect(tabSectionSettings.defaults()).toEqual({ initial: 1, autoHeight: false });
    expect(tabsSettings.defaults()).toEqual({ initial: 1 });
    expect(layoutTabsSettings.defaults()).toEqual({ initial: 1 });
    expect(togglesSettings.defaults()).toEqual({ closeAll: false, initial: 0 });
  });

  it('reads data-initial, data-auto-height and data-close-all', () => {
    expect(parse(tabSectionSettings, { initial: '3', autoHeight: 'true' }).settings).toEqual({ initial: 3, autoHeight: true });
    expect(parse(togglesSettings, { closeAll: '', initial: '2' }).settings).toEqual({ closeAll: true, initial: 2 });
  });

  it('a bad value falls back to the default with exactly one warning', () => {
    const { settings, warnings } = parse(tabSectionSettings, { initial: 'two', autoHeight: 'maybe' });
    expect(settings).toEqual({ initial: 1, autoHeight: false });
    expect(warnings).toHaveLength(2);
    expect(warnings[0]).toContain('data-initial="two"');
    const toggles = parse(togglesSettings, { initial: '-1' });
    expect(toggles.settings.initial).toBe(0);
    expect(toggles.warnings).toHaveLength(1);
  });
});

import { describe, expect, it } from 'vitest';
import { messageBoxMachine, type MessageBoxEvent } from '../../machines/message-box/message-box.machine';
import { connectMessageBox } from './message-box.connect';
import { messageBoxTranslations } from './message-box.translations';

const context = { id: 'winter-hours', contents: 'We close at 4 pm.', mode: 'custom', days: 60 } as const;

function connected(value: 'unchecked' | 'visible' | 'dismissed', t = messageBoxTranslations) {
  const sent: MessageBoxEvent[] = [];
  const snapshot = messageBoxMachine.resolveState({ value, context });
  return { api: connectMessageBox(snapshot, (event) => sent.push(event), t, 'Notice: winter hours'), sent };
}

describe('the message box connect layer (a labelled region with a named close button)', () => {
  it('visible: a region named by its label, shown, its state on data-state', () => {
    const { api } = connected('visible');
    expect(api.regionProps).toEqual({ 'aria-label': 'Notice: winter hours', hidden: false, 'data-state': 'visible' });
  });

  it('before the cookie check the prerendered box shows; once dismissed it is hidden', () => {
    expect(connected('unchecked').api.regionProps).toMatchObject({ hidden: false, 'data-state': 'unchecked' });
    expect(connected('dismissed').api.regionProps).toMatchObject({ hidden: true, 'data-state': 'dismissed' });
  });

  it('the close button is a plain button that sends box.close, named after the box', () => {
    const { api, sent } = connected('visible');
    expect(api.closeProps.type).toBe('button');
    api.closeProps.onClick();
    expect(sent).toEqual([{ type: 'box.close' }]);
    expect(api.closeText.join('')).toBe('Close: Notice: winter hours');
  });

  it('its label comes from the translations', () => {
    const { api } = connected('visible', { close: 'إغلاق: {label}' });
    expect(api.closeText.join('')).toBe('إغلاق: Notice: winter hours');
  });
});

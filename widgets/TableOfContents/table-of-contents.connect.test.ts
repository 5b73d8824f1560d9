import { describe, expect, it } from 'vitest';
import type { EventFrom } from 'xstate';
import { tableOfContentsMachine } from '../../machines/table-of-contents/table-of-contents.machine';
import { connectTableOfContents } from './table-of-contents.connect';

const who = { level: 2, text: 'Who we are', id: 'who-we-are' };
const nurses = { level: 3, text: 'Our nurses', id: 'our-nurses' };
const entries = [who, nurses];

function connected(value: 'reading' | 'listed' | 'empty', active: string | null) {
  const sent: Array<EventFrom<typeof tableOfContentsMachine>> = [];
  const context = { levels: [2, 3], entries: value === 'listed' ? entries : [], inView: [], above: [], followed: null, active };
  const snapshot = tableOfContentsMachine.resolveState({ value, context });
  return { api: connectTableOfContents(snapshot, (event) => sent.push(event)), sent };
}

describe('the table of contents connect layer (navigation named by its title)', () => {
  it('before the headings are read, and when there are none: hidden', () => {
    expect(connected('reading', null).api.rootProps).toEqual({ 'aria-labelledby': 'toc-title', hidden: true });
    expect(connected('empty', null).api.rootProps.hidden).toBe(true);
  });

  it('listed: shown and named by its title; the entry in view is the current location; following an entry tells the machine', () => {
    const { api, sent } = connected('listed', 'our-nurses');
    expect(api.rootProps.hidden).toBe(false);
    expect(api.titleProps.id).toBe(api.rootProps['aria-labelledby']);
    expect(api.entries).toEqual(entries);
    expect(api.getLinkProps(nurses)).toMatchObject({ href: '#our-nurses', 'aria-current': 'location' });
    expect(api.getLinkProps(who)).toMatchObject({ href: '#who-we-are', 'aria-current': undefined });
    // Each entry indented by its depth below the list's highest heading.
    expect(api.getItemProps(who).style).toEqual({ marginInlineStart: '0rem' });
    expect(api.getItemProps(nurses).style).toEqual({ marginInlineStart: '1rem' });
    api.getLinkProps(who).onClick();
    expect(sent).toEqual([{ type: 'entry.follow', id: 'who-we-are' }]);
  });
});

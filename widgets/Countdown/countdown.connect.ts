import type { SnapshotFrom } from 'xstate';
import type { countdownMachine } from '../../machines/countdown/countdown.machine';
import { unitLabel, type UnitLabels } from '../../machines/countdown/countdown.rules';
import { translate, type Translations } from '../../runtime/translations';
import { countdownTranslations, unitLabelsOf, type CountdownTranslations } from './countdown.translations';

/** The island's content; here, below the view and the behaviour that both connect through this file. */
export interface CountdownContent {
  /** The timer's accessible name, e.g. "Time until the Lantern Walk". */
  label: string;
  /** The target in words, readable without JS. */
  when: string;
  /** Shown once the end has passed. */
  ended: string;
  /** Every unit's names at once (they win over `translations`). */
  labels?: UnitLabels;
  /** Labels in the page's language over the English defaults (countdown.translations.ts). */
  translations?: Partial<CountdownTranslations>;
}

type Snapshot = SnapshotFrom<typeof countdownMachine>;

export interface CountdownParts {
  /** The timer's accessible name. */
  label: string;
  /** Every unit's names at once, winning over the translations (the content's `labels`). */
  labels?: UnitLabels;
}

/**
 * §3, §4 Countdown as a WAI-ARIA timer: named, and not live (role timer is aria-live off), so a
 * screen reader reads the time when asked, not every second. It is hidden before the view starts
 * it (the prerendered page shows the date in words) and once the end has passed, when the ended
 * text shows instead. Nothing the visitor does sends it an event (the view, or the behaviour before
 * it, starts it once mounted: `startCountdown`), so, unlike the other connect functions, it takes no `send`.
 */
export function connectCountdown(snapshot: Snapshot, t: Translations<CountdownTranslations>, parts: CountdownParts) {
  const { units, left } = snapshot.context;
  const labels = parts.labels ?? unitLabelsOf(t);
  const ended = snapshot.matches('ended');
  return {
    rootProps: { 'data-state': snapshot.value } as const,
    timerProps: { role: 'timer', 'aria-label': parts.label, hidden: snapshot.matches('idle') || ended } as const,
    /** Each shown unit, largest first, with its number and its name for that number. */
    units: units.map((unit) => {
      const value = left[unit] ?? 0;
      return { unit, value, label: unitLabel(unit, value, labels) };
    }),
    ended,
  };
}

/** What starts the countdown once it is on the page (the view's mount effect, the behaviour's connect). */
export const startCountdown = { type: 'countdown.start' } as const;

/** The connect layer for an island's content: its labels in the page's language over the English defaults, its accessible name. */
export function connectCountdownContent(snapshot: Snapshot, content: CountdownContent) {
  return connectCountdown(snapshot, translate(countdownTranslations, content.translations), { label: content.label, labels: content.labels });
}

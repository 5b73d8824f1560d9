import type { SnapshotFrom } from 'xstate';
import { rotatorPhase, type textRotatorMachine, type TextRotatorEvent } from '../../machines/text-rotator/text-rotator.machine';
import type { Translations } from '../../runtime/translations';
import type { TextRotatorTranslations } from './text-rotator.translations';

type Snapshot = SnapshotFrom<typeof textRotatorMachine>;

/**
 * §1, §9 Rotating text: the moving sentence is for the eye (hidden from assistive technology, so
 * nothing is announced as lines change or characters are typed); the view adds the whole sentence
 * with every line, visually hidden, read once. Hovering or focusing the sentence holds the line,
 * and its Pause button stops it until played again (WCAG 2.2.2: moving content can be paused). Typed lines are cut by character, not UTF-16 unit.
 */
export function connectTextRotator(snapshot: Snapshot, send: (event: TextRotatorEvent) => void, lines: readonly string[], t: Translations<TextRotatorTranslations>) {
  const { index, typed, changes, animation } = snapshot.context;
  const phase = rotatorPhase(snapshot.value);
  const line = lines[index] ?? '';
  const pause = () => send({ type: 'rotator.pause' });
  const resume = () => send({ type: 'rotator.resume' });
  const stopped = phase === 'stopped';
  const marked = phase === 'marking';
  const lineKey = animation === 'typewriter' ? 'line' : changes;
  return {
    rootProps: { 'data-animation': animation, 'data-state': phase, onMouseEnter: pause, onMouseLeave: resume, onFocus: pause, onBlur: resume } as const,
    movingProps: { 'aria-hidden': 'true' } as const,
    /** The line's element key: a new one per line replays its enter animation; the typewriter keeps one. */
    lineKey,
    /** The typewriter has marked the line it is about to clear. */
    marked,
    /**
     * The line's element, which carries its key (`data-line-key`): the behaviour, drawing on the
     * prerendered markup before the view loads, puts a new element where the key changes, as React does.
     */
    lineProps: { className: marked ? 'text-rotator__line is-marked' : 'text-rotator__line', 'data-line-key': lineKey } as const,
    shown: phase === 'cleared' ? '' : phase === 'typing' ? [...line].slice(0, typed).join('') : line,
    /**
     * Issue 31.12 (WCAG 2.2.2): a button that stops the moving line and plays it again, for keyboard
     * and touch users, who have no hover. Its visible word is the start of its name (WCAG 2.5.3),
     * in the page's language (issue 49.4).
     * Not shown where nothing moves (one line, or none).
     */
    controlProps: {
      type: 'button',
      className: 'button button--quiet text-rotator__control',
      hidden: phase === 'inactive',
      onClick: () => send({ type: stopped ? 'rotator.play' : 'rotator.stop' }),
    } as const,
    controlText: stopped ? t.play : t.pause,
    controlPurpose: t.purpose,
  };
}

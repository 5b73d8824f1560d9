import { staggerRevealMachine } from '../stagger-reveal/stagger-reveal.machine';

/** §9: progress bars fill 250 ms apart, the first at once. */
export const PROGRESS_BAR_STAGGER_MS = 250;

export const progressBarsMachine = staggerRevealMachine.provide({ delays: { firstItem: 0, nextItem: PROGRESS_BAR_STAGGER_MS } });

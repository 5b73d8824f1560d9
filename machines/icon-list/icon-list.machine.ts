import { staggerRevealMachine } from '../stagger-reveal/stagger-reveal.machine';

/** §9: icon list items appear 350 ms apart, the first at once. */
export const ICON_LIST_STAGGER_MS = 350;

export const iconListMachine = staggerRevealMachine.provide({ delays: { firstItem: 0, nextItem: ICON_LIST_STAGGER_MS } });

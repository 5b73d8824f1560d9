import { assign, setup } from 'xstate';
import { ALL_GROUP, visibleGroups, type SortGroup } from './magazine-tabs.rules';

/**
 * The entries' fade when the group changes. The spec gives no number for the magazine; it reuses
 * §9's tab animation, 200 ms.
 */
export const MAGAZINE_ANIMATION_MS = 200;

/**
 * §4 Magazine tabs: a sort button shows one group of entries; switching is blocked while the
 * entries animate. §5: a group with no entries has no button, so it cannot be chosen either.
 */
export interface MagazineTabsInput {
  groups: SortGroup[];
}

export interface MagazineTabsContext {
  groups: SortGroup[];
  active: string;
}

export type MagazineTabsEvent = { type: 'sort.select'; group: string };

export const magazineTabsMachine = setup({
  types: {} as { context: MagazineTabsContext; input: MagazineTabsInput; events: MagazineTabsEvent },
  delays: {
    magazineAnimation: MAGAZINE_ANIMATION_MS,
  },
  guards: {
    isOtherShownGroup: ({ context, event }) =>
      event.group !== context.active &&
      (event.group === ALL_GROUP || visibleGroups(context.groups).some((group) => group.id === event.group)),
  },
  actions: {
    showGroup: assign({ active: ({ event }) => event.group }),
  },
}).createMachine({
  id: 'magazineTabs',
  context: ({ input }) => ({ groups: input.groups, active: ALL_GROUP }),
  initial: 'idle',
  states: {
    idle: { on: { 'sort.select': { guard: 'isOtherShownGroup', target: 'animating', actions: 'showGroup' } } },
    /** Blocked: a choice made now is dropped (§4). */
    animating: { after: { magazineAnimation: 'idle' } },
  },
});

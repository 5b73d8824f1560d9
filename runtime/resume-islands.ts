import { createIslandActor, type ActorEnv } from './actor';
import type { IslandRecord, ResumableIsland } from './island-record';
import type { RecordedViews } from './recorded-views';

/**
 * Issue 29: the hydrated islands a resumed page makes again (runtime/resume.ts), each with what made
 * its actor (same settings, content and id, so the same seed) and a way to hand its view the new
 * actor. Loaded only when the inspector resumes a page, so a page's entry does not carry it.
 */
export function resumableIslands(records: readonly IslandRecord[], env: ActorEnv, views: RecordedViews | undefined): ResumableIsland[] {
  return records.flatMap((record): ResumableIsland[] => {
    const { mounted, made } = record;
    if (!mounted || !made || record.failed) return [];
    return [
      {
        widget: record.widget,
        actor: mounted.actor,
        recreate: (given) => createIslandActor(record.element, made.widget, made.settings, made.content, { ...env, ...given, id: mounted.actor.id }).actor,
        adopt(actor) {
          const before = mounted.actor;
          mounted.actor = actor;
          record.runningActor = undefined;
          views?.swap(before.sessionId, actor);
        },
      },
    ];
  });
}

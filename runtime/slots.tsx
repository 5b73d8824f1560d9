/**
 * Slots: rich prerendered content inside an island (a tab panel, a slide's caption) that the view
 * places but never re-renders. The prerender turns each slot into HTML; on the client the runtime
 * reads that HTML back from the island's own `[data-slot]` elements, so the page carries it once.
 */
export type Slots = Readonly<Record<string, string>>;

export function Slot({ name, slots, as: Tag = 'div', className, id, hidden }: {
  name: string;
  slots: Slots;
  as?: 'div' | 'span' | 'section';
  className?: string;
  id?: string;
  hidden?: boolean;
}) {
  return <Tag data-slot={name} className={className} id={id} hidden={hidden} dangerouslySetInnerHTML={{ __html: slots[name] ?? '' }} />;
}

/** The slots of one island, not of islands nested inside it. */
export function readSlots(island: HTMLElement): Slots {
  const slots: Record<string, string> = {};
  for (const element of island.querySelectorAll<HTMLElement>('[data-slot]')) {
    if (element.closest('[data-widget]') !== island) continue;
    const name = element.dataset.slot;
    if (name !== undefined && !(name in slots)) slots[name] = element.innerHTML;
  }
  return slots;
}

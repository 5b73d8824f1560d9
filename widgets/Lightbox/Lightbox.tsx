import type { ActorRefFrom } from 'xstate';
import type { lightboxMachine } from '../../machines/lightbox/lightbox.machine';
import type { LightboxEntry } from '../../machines/lightbox/lightbox.rules';
import { LightboxDialog } from './LightboxDialog';
import type { LightboxTranslations } from './lightbox.translations';

export interface LightboxContent {
  label: string;
  /** Each entry opens as an image when its address is one, else as fetched content (§7). */
  items: LightboxEntry[];
  /** Labels in the page's language over the English defaults (lightbox.translations.ts). */
  translations?: Partial<LightboxTranslations>;
}

interface Props {
  actorRef: ActorRefFrom<typeof lightboxMachine>;
  content: LightboxContent;
}

/** §1 Lightbox popups: links that open their image or page in the lightbox (plain links without JS). */
export function Lightbox({ actorRef, content }: Props) {
  return (
    <>
      <ul className="lightbox-links" aria-label={content.label}>
        {content.items.map((item, index) => (
          <li key={index}>
            <a
              href={item.url}
              aria-haspopup="dialog"
              onClick={(event) => {
                event.preventDefault();
                actorRef.send({ type: 'lightbox.open', index });
              }}
            >
              {item.title}
            </a>
          </li>
        ))}
      </ul>
      <LightboxDialog lightboxRef={actorRef} translations={content.translations} />
    </>
  );
}

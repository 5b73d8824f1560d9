import { tabSectionMachine } from '../../machines/tab-section/tab-section.machine';
import { defineWidget } from '../../runtime/widget';
import { TabSection, type TabSectionContent } from './TabSection';
import { tabSectionAdapters } from './tab-section.adapters';
import { tabSectionSettings } from './tab-section.settings';
import { tabSectionTranslations } from './tab-section.translations';

export { HEIGHT_CHANGE_EVENT, START_ANIMATION_EVENT } from './tab-section.adapters';

export default defineWidget({
  name: 'tab-section',
  translations: tabSectionTranslations,
  settings: tabSectionSettings,
  machine: tabSectionMachine,
  input: (settings, content: TabSectionContent) => ({
    ids: content.tabs.map((tab) => tab.id),
    initial: settings.initial,
    autoHeight: settings.autoHeight,
  }),
  provide: tabSectionAdapters,
  View: TabSection,
  // Issue 31.21: seen, its behaviour (behaviour.ts) runs the machine and shows the arrows; the view
  // loads on the first interaction or when another tab must show. A fragment naming a panel scrolls
  // it into view, so §2's fragment on load reaches a section below the fold too.
  hydrate: 'visible',
});

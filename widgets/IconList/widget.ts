import { iconListMachine } from '../../machines/icon-list/icon-list.machine';
import { defineSettings } from '../../runtime/settings';
import { defineWidget } from '../../runtime/widget';
import { IconList, type IconListContent } from './IconList';

export const iconListSettings = defineSettings('icon-list', {});

export default defineWidget({
  name: 'icon-list',
  settings: iconListSettings,
  machine: iconListMachine,
  input: (_s, content: IconListContent) => ({ count: content.items.length }),
  View: IconList,
});

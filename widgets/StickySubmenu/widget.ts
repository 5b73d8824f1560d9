import { defineWidget } from '../../runtime/widget';
import behaviour from './behaviour';
import { StickySubmenu } from './StickySubmenu';

/** The sticky sub-menu: its behaviour (which answers its button without React, behaviour.ts) and its view. */
export default defineWidget({ ...behaviour, View: StickySubmenu });

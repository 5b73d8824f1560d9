import { defineWidget } from '../../runtime/widget';
import behaviour from './behaviour';
import { MagazineTabs } from './MagazineTabs';

/** The magazine tabs: their behaviour (which answers a tap without React, behaviour.ts) and their view. */
export default defineWidget({ ...behaviour, View: MagazineTabs });

import { defineWidget } from '../../runtime/widget';
import behaviour from './behaviour';
import { DonateButton } from './DonateButton';

/** The donate button: its behaviour answers without React (behaviour.ts); the view is for the inspector and hydrateAll(). */
export default defineWidget({ ...behaviour, View: DonateButton });

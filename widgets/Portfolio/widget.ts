import { defineWidget } from '../../runtime/widget';
import behaviour from './behaviour';
import { Portfolio } from './Portfolio';

export { portfolioSettings } from './portfolio.settings';

/** The portfolio: its behaviour (which answers input without React, behaviour.ts) and its view. */
export default defineWidget({ ...behaviour, View: Portfolio });

import { defineWidget } from '../../runtime/widget';
import { AjaxSearchView } from './AjaxSearch';
import behaviour from './behaviour';

/** The header search: its behaviour (which answers typing and keys without React, behaviour.ts) and its view. */
export default defineWidget({ ...behaviour, View: AjaxSearchView });

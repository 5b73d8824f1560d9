import { defineWidget } from '../../runtime/widget';
import { AjaxFormView } from './AjaxForm';
import behaviour from './behaviour';

/** The ajax form: its behaviour (which answers a submit without React, behaviour.ts) and its view. */
export default defineWidget({ ...behaviour, View: AjaxFormView });

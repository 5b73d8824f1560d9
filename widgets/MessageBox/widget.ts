import { defineWidget } from '../../runtime/widget';
import behaviour from './behaviour';
import { MessageBox } from './MessageBox';

/** The message box: its behaviour (which answers the close button without React, behaviour.ts) and its view. */
export default defineWidget({ ...behaviour, View: MessageBox });

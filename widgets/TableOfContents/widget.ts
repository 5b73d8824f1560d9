import { defineWidget } from '../../runtime/widget';
import behaviour from './behaviour';
import { TableOfContents } from './TableOfContents';

/** The table of contents: its behaviour (which answers input without React, behaviour.ts) and its view. */
export default defineWidget({ ...behaviour, View: TableOfContents });

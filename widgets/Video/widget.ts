import { defineWidget } from '../../runtime/widget';
import behaviour from './behaviour';
import { Video } from './Video';

/** The video: its behaviour (which answers input without React, behaviour.ts) and its view. */
export default defineWidget({ ...behaviour, View: Video });

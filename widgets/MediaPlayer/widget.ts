import { defineWidget } from '../../runtime/widget';
import behaviour from './behaviour';
import { MediaPlayer } from './MediaPlayer';

/** The media player: its behaviour (which answers input without React, behaviour.ts) and its view. */
export default defineWidget({ ...behaviour, View: MediaPlayer });

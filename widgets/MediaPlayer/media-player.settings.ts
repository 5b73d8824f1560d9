import { defineSettings, setting } from '../../runtime/settings';

/** §3 Player defaults: stretching responsive. Sources, title and the download file are content. */
export const mediaPlayerSettings = defineSettings('media-player', {
  stretching: setting.oneOf(['responsive', 'auto', 'fill', 'none'], 'responsive'),
  poster: setting.string(''),
});

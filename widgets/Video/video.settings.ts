import { POSTER_QUALITIES, DEFAULT_HEIGHT, DEFAULT_WIDTH } from '../../machines/video/video.rules';
import { defineSettings, setting } from '../../runtime/settings';

/** §3 Video settings: type, video id, original_url fallback; plus size, poster quality (§7) and the mobile fallback image. */
export const videoSettings = defineSettings('video', {
  type: setting.oneOf(['html5', 'youtube', 'vimeo'], 'html5'),
  video_id: setting.string(''),
  original_url: setting.string(''),
  poster_quality: setting.oneOf(POSTER_QUALITIES, 'hqdefault'),
  /** The fallback-image setting: on mobile this image replaces the player (§4). */
  mobile_image: setting.string(''),
  width: setting.number(DEFAULT_WIDTH, { min: 1, integer: true }),
  height: setting.number(DEFAULT_HEIGHT, { min: 1, integer: true }),
  loop: setting.boolean(false),
  muted: setting.boolean(false),
  lightbox: setting.boolean(false),
});

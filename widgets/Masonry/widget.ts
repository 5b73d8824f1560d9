import { defineWidget } from '../../runtime/widget';
import behaviour from './behaviour';
import { Masonry } from './Masonry';
import { masonryTranslations } from './masonry.translations';

export { loadMore, masonrySettings, parseBricks } from './behaviour';

export default defineWidget({ ...behaviour, translations: masonryTranslations, View: Masonry });

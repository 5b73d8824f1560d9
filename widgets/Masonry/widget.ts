import { defineWidget } from '../../runtime/widget';
import behaviour from './behaviour';
import { Masonry } from './Masonry';

export { loadMore, masonrySettings, parseBricks } from './behaviour';

export default defineWidget({ ...behaviour, View: Masonry });

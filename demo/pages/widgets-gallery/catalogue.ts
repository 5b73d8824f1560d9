import type { RuntimeWidget } from '../../../runtime/widget';
import accordionSlider from '../../../widgets/AccordionSlider/widget';
import ajaxForm from '../../../widgets/AjaxForm/widget';
import carousel from '../../../widgets/Carousel/widget';
import horizontalGallery from '../../../widgets/HorizontalGallery/widget';
import imageGallery from '../../../widgets/ImageGallery/widget';
import lightbox from '../../../widgets/Lightbox/widget';
import slideshow from '../../../widgets/Slideshow/widget';
import ajaxSearch from '../../../widgets/AjaxSearch/widget';
import animatedNumber from '../../../widgets/AnimatedNumber/widget';
import countdown from '../../../widgets/Countdown/widget';
import donateButton from '../../../widgets/DonateButton/widget';
import dosingFilter from '../../../widgets/DosingFilter/widget';
import iconCircles from '../../../widgets/IconCircles/widget';
import iconList from '../../../widgets/IconList/widget';
import imageHotspots from '../../../widgets/ImageHotspots/widget';
import layoutTabs from '../../../widgets/LayoutTabs/widget';
import magazineTabs from '../../../widgets/MagazineTabs/widget';
import masonry from '../../../widgets/Masonry/widget';
import mediaPlayer from '../../../widgets/MediaPlayer/widget';
import messageBox from '../../../widgets/MessageBox/widget';
import portfolio from '../../../widgets/Portfolio/widget';
import progressBars from '../../../widgets/ProgressBars/widget';
import stickySubmenu from '../../../widgets/StickySubmenu/widget';
import tableOfContents from '../../../widgets/TableOfContents/widget';
import tabSection from '../../../widgets/TabSection/widget';
import tabs from '../../../widgets/Tabs/widget';
import textRotator from '../../../widgets/TextRotator/widget';
import toggles from '../../../widgets/Toggles/widget';
import video from '../../../widgets/Video/widget';

/** The spec's numbered sections the gallery cites, with the heading anchor of each in seed-spec.md. */
export const specSections = {
  1: { title: 'What the product does and for whom', anchor: '1-what-the-product-does-and-for-whom' },
  2: { title: 'Screens and routes', anchor: '2-screens-and-routes' },
  3: { title: 'Entities and their fields', anchor: '3-entities-and-their-fields' },
  4: { title: 'States and transitions', anchor: '4-states-and-transitions' },
  5: { title: 'Validation rules', anchor: '5-validation-rules' },
  7: { title: 'The calls it makes', anchor: '7-the-calls-it-makes' },
  8: { title: 'Error catalogue', anchor: '8-error-catalogue' },
  9: { title: 'Business constants and limits', anchor: '9-business-constants-and-limits' },
} as const;

export type SpecSection = keyof typeof specSections;

/** One place in the spec: its section and the paragraph inside it (the spec's own bold label). */
export interface SpecReference {
  section: SpecSection;
  topic: string;
}

/** What the gallery says about one widget beyond what its module knows. */
export interface GalleryEntry {
  widget: RuntimeWidget;
  description: string;
  spec: SpecReference[];
  /** The demo pages where the widget is live; the first one is where its statechart is inspected. */
  livePaths: [string, ...string[]];
}

/**
 * Every registered widget, imported statically: the gallery is prerendered, so these imports add no
 * client JS. A unit test fails when widgets/registry.ts gains a name this map does not have.
 */
export const catalogue: Readonly<Record<string, GalleryEntry>> = {
  'dosing-filter': {
    widget: dosingFilter,
    description: 'Filters the dosing table by a child’s weight and shows the safety alert below 6 lb.',
    spec: [
      { section: 4, topic: 'Dosing filter' },
      { section: 5, topic: 'Dosing weight' },
    ],
    livePaths: ['/dosing/'],
  },
  'donate-button': {
    widget: donateButton,
    description: 'The donate button: opens the provider’s checkout in a popup, or redirects when a popup cannot open.',
    spec: [
      { section: 4, topic: 'Donation checkout' },
      { section: 2, topic: 'Donate button' },
    ],
    livePaths: ['/donate/'],
  },
  'media-player': {
    widget: mediaPlayer,
    description: 'An accessible audio and video player: local files, HLS streams and YouTube (behind cookie consent).',
    spec: [
      { section: 4, topic: 'Embedded media player' },
      { section: 3, topic: 'Player defaults' },
    ],
    livePaths: ['/videos/'],
  },
  video: {
    widget: video,
    description: 'A lazy video: local HTML5 or a platform embed that loads only with cookie consent.',
    spec: [
      { section: 4, topic: 'Video' },
      { section: 3, topic: 'Video settings' },
      { section: 5, topic: 'Widgets: video embeds' },
    ],
    livePaths: ['/videos/'],
  },
  'animated-number': {
    widget: animatedNumber,
    description: 'Counts a number up from its start value when it scrolls into view.',
    spec: [
      { section: 3, topic: 'Animated number' },
      { section: 9, topic: 'Animated number timer' },
    ],
    livePaths: ['/'],
  },
  countdown: {
    widget: countdown,
    description: 'Counts down to a date, ticking each second, on the scale its maximum setting chooses.',
    spec: [
      { section: 4, topic: 'Countdown' },
      { section: 3, topic: 'Countdown settings' },
    ],
    livePaths: ['/'],
  },
  'icon-circles': {
    widget: iconCircles,
    description: 'Icons around a circle; one at a time becomes active and shows its text.',
    spec: [{ section: 9, topic: 'Icon circles timings' }],
    livePaths: ['/team/'],
  },
  'icon-list': {
    widget: iconList,
    description: 'A list of icons with text that appears item by item.',
    spec: [{ section: 9, topic: 'Staggers: icon list' }],
    livePaths: ['/team/'],
  },
  'image-hotspots': {
    widget: imageHotspots,
    description: 'Points on an image that reveal a note each, appearing one after another.',
    spec: [{ section: 9, topic: 'Staggers: hotspots' }],
    livePaths: ['/team/'],
  },
  masonry: {
    widget: masonry,
    description: 'A filterable grid of news items with a load-more button backed by the ajax endpoint.',
    spec: [
      { section: 4, topic: 'Masonry' },
      { section: 7, topic: 'Masonry load-more' },
      { section: 8, topic: 'Masonry load-more failure' },
    ],
    livePaths: ['/news/'],
  },
  'message-box': {
    widget: messageBox,
    description: 'A dismissible notice that stays closed while its cookie matches its contents.',
    spec: [
      { section: 4, topic: 'Message box' },
      { section: 5, topic: 'Widgets: message-box cookie' },
    ],
    livePaths: ['/news/'],
  },
  portfolio: {
    widget: portfolio,
    description: 'A grid of entries whose preview opens inline below it, with next, previous and close.',
    spec: [
      { section: 4, topic: 'Portfolio preview' },
      { section: 2, topic: 'Portfolio preview links' },
    ],
    livePaths: ['/team/'],
  },
  'progress-bars': {
    widget: progressBars,
    description: 'Bars that fill to their values one after another when they come into view.',
    spec: [{ section: 9, topic: 'Staggers: progress bars' }],
    livePaths: ['/'],
  },
  'text-rotator': {
    widget: textRotator,
    description: 'Rotates through a set of phrases, typed or slid in; does nothing with one phrase.',
    spec: [
      { section: 5, topic: 'Widgets: text rotator' },
      { section: 9, topic: 'Text rotator timings' },
    ],
    livePaths: ['/team/'],
  },
  tabs: {
    widget: tabs,
    description: 'Tabs with one active panel, addressed by the URL hash.',
    spec: [
      { section: 4, topic: 'Tabs' },
      { section: 2, topic: 'Tabs and toggles by hash' },
    ],
    livePaths: ['/services/'],
  },
  'layout-tabs': {
    widget: layoutTabs,
    description: 'Full-width tabbed sections with a row of numbered dots, one per tab.',
    spec: [{ section: 2, topic: 'Layout tabs' }],
    livePaths: ['/services/'],
  },
  toggles: {
    widget: toggles,
    description: 'Open-or-closed toggles, optionally closing the others, addressed by the URL hash.',
    spec: [
      { section: 4, topic: 'Toggles' },
      { section: 2, topic: 'Tabs and toggles by hash' },
    ],
    livePaths: ['/services/'],
  },
  'tab-section': {
    widget: tabSection,
    description: 'A sliding tab section with arrows and swipe, mirrored on right-to-left pages.',
    spec: [
      { section: 4, topic: 'Tab-section widget' },
      { section: 2, topic: 'Tab-section fragment' },
    ],
    livePaths: ['/services/', '/ar/'],
  },
  'magazine-tabs': {
    widget: magazineTabs,
    description: 'Magazine-style article lists by group; switching waits for the running animation.',
    spec: [
      { section: 4, topic: 'Magazine tabs' },
      { section: 5, topic: 'Widgets: magazine sort buttons' },
    ],
    livePaths: ['/services/'],
  },
  'sticky-submenu': {
    widget: stickySubmenu,
    description: 'A section menu that sticks under the header and marks the section in view.',
    spec: [{ section: 2, topic: 'Scroll-spy' }],
    livePaths: ['/services/'],
  },
  'ajax-form': {
    widget: ajaxForm,
    description: 'A form that validates, sends by ajax and shows the answer; also the footer newsletter form.',
    spec: [
      { section: 4, topic: 'Ajax form' },
      { section: 5, topic: 'Form field checks' },
    ],
    livePaths: ['/contact/'],
  },
  'ajax-search': {
    widget: ajaxSearch,
    description: 'Live search results under the header search field, after 3 characters and 300 ms.',
    spec: [
      { section: 4, topic: 'Ajax search' },
      { section: 5, topic: 'Search' },
    ],
    livePaths: ['/'],
  },
  'table-of-contents': {
    widget: tableOfContents,
    description: 'A table of contents built from the page’s headings.',
    spec: [{ section: 2, topic: 'Table of contents from headings' }],
    livePaths: ['/about/'],
  },
  slideshow: {
    widget: slideshow,
    description: 'Fade or slide slideshow with autoplay, manual navigation and video slides; with fullscreen, the full-screen slider.',
    spec: [
      { section: 4, topic: 'Slideshow widget' },
      { section: 5, topic: 'Widgets' },
    ],
    livePaths: ['/', '/gallery/'],
  },
  'image-gallery': {
    widget: imageGallery,
    description: 'A big preview with thumbnails that appear 110 ms apart; the preview opens its image in the lightbox.',
    spec: [{ section: 2, topic: 'Gallery thumbnails' }],
    livePaths: ['/gallery/'],
  },
  lightbox: {
    widget: lightbox,
    description: 'A dialog for images and fetched content, with keyboard navigation and the §8 error texts.',
    spec: [{ section: 8, topic: 'Lightbox texts' }],
    livePaths: ['/gallery/'],
  },
  carousel: {
    widget: carousel,
    description: 'Three slides visible, one scrolled at a time; as a timeline, 3, 2 or 1 by screen width.',
    spec: [{ section: 4, topic: 'Theme slider' }],
    livePaths: ['/gallery/'],
  },
  'accordion-slider': {
    widget: accordionSlider,
    description: 'The active slide follows hover (click on touch screens), with optional autoplay.',
    spec: [{ section: 4, topic: 'Accordion slider' }],
    livePaths: ['/gallery/'],
  },
  'horizontal-gallery': {
    widget: horizontalGallery,
    description: 'A strip of images centred on the active one, with arrows hidden at the ends unless endless.',
    spec: [
      { section: 4, topic: 'Horizontal gallery' },
      { section: 5, topic: 'Widgets' },
    ],
    livePaths: ['/gallery/'],
  },
};

import type { AccordionSliderContent } from '../../widgets/AccordionSlider/AccordionSlider';
import type { AjaxFormContent } from '../../widgets/AjaxForm/AjaxForm';
import type { AnimatedNumberContent } from '../../widgets/AnimatedNumber/behaviour';
import { itemSlot, type CarouselContent } from '../../widgets/Carousel/Carousel';
import type { CountdownContent } from '../../widgets/Countdown/countdown.connect';
import type { DosingContent } from '../../widgets/DosingFilter/DosingFilter';
import type { HorizontalGalleryContent } from '../../widgets/HorizontalGallery/HorizontalGallery';
import type { IconCirclesContent } from '../../widgets/IconCircles/IconCircles';
import type { IconListContent } from '../../widgets/IconList/IconList';
import type { ImageGalleryContent } from '../../widgets/ImageGallery/ImageGallery';
import type { ImageHotspotsContent } from '../../widgets/ImageHotspots/ImageHotspots';
import type { LightboxContent } from '../../widgets/Lightbox/Lightbox';
import type { MagazineContent } from '../../widgets/MagazineTabs/MagazineTabs';
import type { MasonryContent } from '../../widgets/Masonry/Masonry';
import type { MediaPlayerContent } from '../../widgets/MediaPlayer/MediaPlayer';
import type { MessageBoxContent } from '../../widgets/MessageBox/MessageBox';
import type { PortfolioContent } from '../../widgets/Portfolio/Portfolio';
import type { ProgressBarsContent } from '../../widgets/ProgressBars/ProgressBars';
import { captionSlot, type SlideshowContent } from '../../widgets/Slideshow/Slideshow';
import type { StickySubmenuContent } from '../../widgets/StickySubmenu/StickySubmenu';
import type { TabSectionContent } from '../../widgets/TabSection/tab-section.connect';
import type { TabsContent } from '../../widgets/Tabs/Tabs';
import type { TextRotatorContent } from '../../widgets/TextRotator/TextRotator';
import type { TogglesContent } from '../../widgets/Toggles/Toggles';
import type { VideoContent } from '../../widgets/Video/Video';
import { shape, type Shape } from './shape';

/**
 * What each widget's tag takes besides its settings: the content its view reads (typed against the
 * widget's own content type, so a change there fails the typecheck here), which list of it is
 * written as child tags, and which slots the Markdown inside those tags fills.
 */
export interface ContentSpec<C> {
  /** The widget's content: every top-level field but `children.field` is a tag attribute. */
  shape: Shape<C>;
  /** A list field written as child tags (`{% tab id="…" title="…" %}panel{% /tab %}`). */
  children?: {
    field: string;
    tag: string;
    /** The slot a child's Markdown fills; without it the child tag takes no body. */
    slot?: (item: Record<string, unknown>, index: number) => string;
  };
  /** The slot the tag's own Markdown fills (a message box's message). */
  body?: string;
  /** A short example for the authoring guide (checked by its test to build clean). */
  example: string;
}

/** Examples for the widgets whose tag takes settings only (their content spec is `null`). */
export const settingsOnlyExamples: Readonly<Record<string, string>> = {
  'donate-button': '{% donate-button hosted-button-id="HLCC-DONATE-2291" image-alt="Donate to Harbourlight by card" /%}',
  'ajax-search': '{% ajax-search /%}',
};

/** A widget's content spec, checked against its content type `C`. */
export const spec = <C>(content: ContentSpec<C>): ContentSpec<C> => content;

const image = shape.object({ src: shape.text(), alt: shape.text(), width: shape.number(), height: shape.number() });
const headingLevel = shape.optional(shape.oneOf([2, 3, 4]));
const tabsShape = shape.object({ label: shape.text(), headingLevel, tabs: shape.list(shape.object({ id: shape.text(), title: shape.text() })) });
const tabChildren = { field: 'tabs', tag: 'tab', slot: (item: Record<string, unknown>) => String(item.id) };
const iconItems = shape.list(shape.object({ icon: shape.text(), title: shape.text(), text: shape.text() }));
const sources = shape.list(shape.object({ src: shape.text(), type: shape.optional(shape.text()) }));

/** Every widget of widgets/registry.ts by name; `null` for a widget whose tag takes settings only. */
export const widgetContent: Readonly<Record<string, ContentSpec<unknown> | null>> = {
  'dosing-filter': spec<DosingContent>({
    shape: shape.data('the dosing table ($dosing)'),
    example: '{% dosing-filter content=$dosing id="dosing-table" /%}',
  }),
  'donate-button': null,
  'media-player': spec<MediaPlayerContent>({
    shape: shape.object({ title: shape.text(), sources, download: shape.optional(shape.text()) }),
    children: { field: 'sources', tag: 'source' },
    example: '{% media-player title="Bedtime chime" %}\n{% source src="/media/lullaby.mp3" /%}\n{% source src="/media/lullaby.oga" /%}\n{% /media-player %}',
  }),
  video: spec<VideoContent>({
    shape: shape.object({ title: shape.text(), sources: shape.optional(sources), poster: shape.optional(shape.text()) }),
    children: { field: 'sources', tag: 'source' },
    example: '{% video type="vimeo" video-id="76979871" title="Sample film on Vimeo" /%}',
  }),
  'animated-number': spec<AnimatedNumberContent>({
    shape: shape.object({ label: shape.text() }),
    example: '{% animated-number number=4862 label="home visits this year" /%}',
  }),
  countdown: spec<CountdownContent>({
    shape: shape.object({ label: shape.text(), when: shape.text(), ended: shape.text(), labels: shape.optional(shape.data<CountdownContent['labels']>('unit names')) }),
    example: '{% countdown date="2027-02-06 10:00" label="Time until the swim" when="6 February 2027, 10 am" ended="The swim has begun." /%}',
  }),
  'icon-circles': spec<IconCirclesContent>({
    shape: shape.object({ label: shape.text(), items: iconItems }),
    children: { field: 'items', tag: 'item' },
    example: '{% icon-circles label="Our values" %}\n{% item icon="♥" title="Kindness" text="We treat every family as our own." /%}\n{% /icon-circles %}',
  }),
  'icon-list': spec<IconListContent>({
    shape: shape.object({ label: shape.text(), items: iconItems }),
    children: { field: 'items', tag: 'item' },
    example: '{% icon-list label="Referral steps" %}\n{% item icon="1" title="Call us" text="Anyone can refer a child." /%}\n{% /icon-list %}',
  }),
  'image-hotspots': spec<ImageHotspotsContent>({
    shape: shape.object({
      image,
      caption: shape.text(),
      spots: shape.list(shape.object({ x: shape.number(), y: shape.number(), title: shape.text(), text: shape.text() })),
    }),
    children: { field: 'spots', tag: 'spot' },
    example:
      '{% image-hotspots image={src: "/images/harbour-room.svg", alt: "Floor plan", width: 800, height: 450} caption="The Harbour Room" %}\n{% spot x=24 y=31 title="Music corner" text="Instruments for every age." /%}\n{% /image-hotspots %}',
  }),
  masonry: spec<MasonryContent>({
    shape: shape.data('the grid and its bricks ($news.grid)'),
    example: '{% masonry content=$news.grid items=3 collection="news" more=true /%}',
  }),
  'message-box': spec<MessageBoxContent>({
    shape: shape.object({ label: shape.text() }),
    body: 'message',
    example: '{% message-box id="winter-hours" days=60 label="Notice: winter hours" %}\nThe Harbour Room closes at 4 pm on Fridays.\n{% /message-box %}',
  }),
  portfolio: spec<PortfolioContent>({
    shape: shape.data('the entries and filters ($team.portfolio)'),
    example: '{% portfolio content=$team.portfolio portfolio-id="team" /%}',
  }),
  'progress-bars': spec<ProgressBarsContent>({
    shape: shape.object({ bars: shape.list(shape.object({ label: shape.text(), value: shape.number(), valueText: shape.text() })) }),
    children: { field: 'bars', tag: 'bar' },
    example: '{% progress-bars %}\n{% bar label="New family suite" value=72 value-text="$72,000 of $100,000" /%}\n{% /progress-bars %}',
  }),
  'text-rotator': spec<TextRotatorContent>({
    shape: shape.object({ before: shape.text(), lines: shape.list(shape.text()), after: shape.text() }),
    example: '{% text-rotator before="We are" lines=["nurses", "neighbours"] after="for Port Ellery." /%}',
  }),
  tabs: spec<TabsContent>({
    shape: tabsShape,
    children: tabChildren,
    example: '{% tabs label="Our care" %}\n{% tab title="Nursing at home" %}\nOur nurses visit every day of the year.\n{% /tab %}\n{% /tabs %}',
  }),
  'layout-tabs': spec<TabsContent>({
    shape: tabsShape,
    children: tabChildren,
    example: '{% layout-tabs label="Referral steps" %}\n{% tab id="step-ask" title="Ask" %}\nAnyone can refer a child.\n{% /tab %}\n{% /layout-tabs %}',
  }),
  toggles: spec<TogglesContent>({
    shape: shape.object({ toggles: shape.list(shape.object({ id: shape.text(), title: shape.text() })), headingLevel }),
    children: { field: 'toggles', tag: 'toggle', slot: (item) => String(item.id) },
    example: '{% toggles close-all=true %}\n{% toggle id="question-cost" title="What does it cost?" %}\nNothing.\n{% /toggle %}\n{% /toggles %}',
  }),
  'tab-section': spec<TabSectionContent>({
    shape: shape.object({
      label: shape.text(),
      headingLevel,
      tabs: shape.list(
        shape.object({ id: shape.text(), title: shape.text(), titleColor: shape.optional(shape.text()), arrowBackground: shape.optional(shape.text()) }),
      ),
      previousLabel: shape.optional(shape.text()),
      nextLabel: shape.optional(shape.text()),
    }),
    children: tabChildren,
    example: '{% tab-section label="Programmes" auto-height=true %}\n{% tab id="play" title="Play therapy" title-color="#7a2e8c" %}\nSessions last about 45 minutes.\n{% /tab %}\n{% /tab-section %}',
  }),
  'magazine-tabs': spec<MagazineContent>({
    shape: shape.object({
      label: shape.text(),
      allLabel: shape.text(),
      groups: shape.list(shape.object({ id: shape.text(), label: shape.text() })),
      entries: shape.list(
        shape.object({ title: shape.text(), href: shape.text(), date: shape.text(), dateLabel: shape.text(), summary: shape.text(), groups: shape.list(shape.text()) }),
      ),
    }),
    children: { field: 'entries', tag: 'entry' },
    example:
      '{% magazine-tabs label="Show entries" all-label="Everything" groups=[{id: "news", label: "News"}] %}\n{% entry title="Lantern walk" href="/news/" date="2026-12-13" date-label="13 December 2026" summary="Our winter walk." groups=["news"] /%}\n{% /magazine-tabs %}',
  }),
  'sticky-submenu': spec<StickySubmenuContent>({
    shape: shape.object({ id: shape.text(), label: shape.text(), buttonLabel: shape.text(), links: shape.list(shape.object({ href: shape.text(), label: shape.text() })) }),
    children: { field: 'links', tag: 'link' },
    example: '{% sticky-submenu id="submenu" label="On this page" button-label="On this page" %}\n{% link href="#questions" label="Questions" /%}\n{% /sticky-submenu %}\n\n## Questions {% #questions %}',
  }),
  'ajax-form': spec<AjaxFormContent>({
    shape: shape.data('a form and its captcha ($forms.contact)'),
    example: '{% ajax-form content=$forms.contact /%}',
  }),
  'ajax-search': null,
  'table-of-contents': spec<{ title: string }>({
    shape: shape.object({ title: shape.text() }),
    example: '{% table-of-contents levels="2,3" title="On this page" /%}',
  }),
  slideshow: spec<SlideshowContent>({
    shape: shape.object({
      label: shape.text(),
      slides: shape.list(
        shape.object({
          title: shape.text(),
          image,
          video: shape.optional(shape.object({ src: shape.text(), type: shape.text(), mobileImage: shape.optional(shape.text()) })),
        }),
      ),
    }),
    children: { field: 'slides', tag: 'slide', slot: (_item, index) => captionSlot(index) },
    example:
      '{% slideshow label="Life at Harbourlight" autoplay=true interval=6 %}\n{% slide title="Our harbour" image={src: "/images/harbour.svg", alt: "The harbour", width: 1200, height: 600} %}\nCare by the harbour since 1998.\n{% /slide %}\n{% /slideshow %}',
  }),
  'image-gallery': spec<ImageGalleryContent>({
    shape: shape.data('the gallery ($gallery.images)'),
    example: '{% image-gallery content=$gallery.images id="photo-gallery" /%}',
  }),
  lightbox: spec<LightboxContent>({
    shape: shape.object({ label: shape.text(), items: shape.list(shape.object({ url: shape.text(), title: shape.text(), alt: shape.optional(shape.text()) })) }),
    children: { field: 'items', tag: 'item' },
    example: '{% lightbox label="Family stories" %}\n{% item url="/images/harbour.svg" title="The harbour" alt="The harbour at dawn" /%}\n{% /lightbox %}',
  }),
  carousel: spec<CarouselContent>({
    shape: shape.object({ label: shape.text(), items: shape.list(shape.object({ title: shape.text() })) }),
    children: { field: 'items', tag: 'item', slot: (_item, index) => itemSlot(index) },
    example: '{% carousel label="Timeline" timeline=true %}\n{% item title="1998" %}\nTwo nurses begin weekend visits.\n{% /item %}\n{% /carousel %}',
  }),
  'accordion-slider': spec<AccordionSliderContent>({
    shape: shape.data('the panels ($gallery.places)'),
    example: '{% accordion-slider content=$gallery.places autoplay=true /%}',
  }),
  'horizontal-gallery': spec<HorizontalGalleryContent>({
    shape: shape.data('the pictures ($gallery.strip)'),
    example: '{% horizontal-gallery content=$gallery.strip initial="" /%}',
  }),
};

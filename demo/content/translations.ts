import type { TranslationLookup } from '../../runtime/render/Island';
import { problemReportLabels, type ProblemReportLabels } from '../../runtime/report/labels';
import type { AjaxFormTranslations } from '../../widgets/AjaxForm/ajax-form.translations';
import type { AjaxSearchTranslations } from '../../widgets/AjaxSearch/ajax-search.translations';
import type { CarouselTranslations } from '../../widgets/Carousel/carousel.translations';
import type { CountdownTranslations } from '../../widgets/Countdown/countdown.translations';
import type { DonateButtonTranslations } from '../../widgets/DonateButton/donate-button.translations';
import type { DosingFilterTranslations } from '../../widgets/DosingFilter/dosing-filter.translations';
import type { HorizontalGalleryTranslations } from '../../widgets/HorizontalGallery/horizontal-gallery.translations';
import type { ImageGalleryTranslations } from '../../widgets/ImageGallery/image-gallery.translations';
import type { LayoutTabsTranslations } from '../../widgets/LayoutTabs/layout-tabs.translations';
import type { LightboxTranslations } from '../../widgets/Lightbox/lightbox.translations';
import type { MagazineTabsTranslations } from '../../widgets/MagazineTabs/magazine-tabs.translations';
import type { MasonryTranslations } from '../../widgets/Masonry/masonry.translations';
import type { MediaPlayerTranslations } from '../../widgets/MediaPlayer/media-player.translations';
import type { MessageBoxTranslations } from '../../widgets/MessageBox/message-box.translations';
import type { PortfolioTranslations } from '../../widgets/Portfolio/portfolio.translations';
import type { SlideshowTranslations } from '../../widgets/Slideshow/slideshow.translations';
import type { TabSectionTranslations } from '../../widgets/TabSection/tab-section.translations';
import type { TextRotatorTranslations } from '../../widgets/TextRotator/text-rotator.translations';
import type { ConsentPromptTranslations } from '../../widgets/Video/consent-prompt.translations';
import type { VideoTranslations } from '../../widgets/Video/video.translations';

/**
 * The widgets' own labels in each language the site has pages in, by widget name
 * (docs/adding-a-widget.md#labels-and-translations). The prerender picks the table for the page's
 * `lang` (demo/render.tsx) and lays it over each widget's English defaults; a page in English needs
 * none. A table lists every key of a widget it covers: the type says so, and a unit test checks
 * that every widget on a page has its table in the page's language.
 */
export type WidgetTables = {
  slideshow: SlideshowTranslations;
  'tab-section': TabSectionTranslations;
  lightbox: LightboxTranslations;
  /** The image gallery: its preview link and its lightbox. */
  'image-gallery': ImageGalleryTranslations;
  'donate-button': DonateButtonTranslations;
  carousel: CarouselTranslations;
  'horizontal-gallery': HorizontalGalleryTranslations;
  'media-player': MediaPlayerTranslations;
  'layout-tabs': LayoutTabsTranslations;
  masonry: MasonryTranslations;
  portfolio: PortfolioTranslations;
  video: VideoTranslations;
  'message-box': MessageBoxTranslations;
  'magazine-tabs': MagazineTabsTranslations;
  'dosing-filter': DosingFilterTranslations;
  countdown: CountdownTranslations;
  'ajax-form': AjaxFormTranslations;
  /** The header search, on a page in this language (issue 49.4), and a live search placed in a page body. */
  'ajax-search': AjaxSearchTranslations;
  'text-rotator': TextRotatorTranslations;
};

const arabicLightbox: LightboxTranslations = {
  previous: 'السابق',
  next: 'التالي',
  close: 'إغلاق',
  loading: 'جارٍ التحميل…',
  count: '({index} من {count})',
};

/** The consent placeholder (issue 19), which the video and the media player both show. */
const arabicConsentPrompt: ConsentPromptTranslations = {
  prompt: '{title}، فيديو من {name}',
  promptWhat: 'تشغيل هذا الفيديو يحمّل مشغّل {name} من {host}. وقد تضع {owner} عندها ملفات تعريف الارتباط وتعرف أنك شاهدته.',
  promptRemember: 'تذكّر اختياري لـ{name}',
  promptPlay: 'شغّل الفيديو',
  promptPlayTitle: ' «{title}»',
  promptAllowAll: 'اسمح بالفيديوهات دائمًا',
  watchOnPlatform: 'شاهد «{title}» على {name}',
  newTab: ' (يُفتح في علامة تبويب جديدة)',
  youtube: 'يوتيوب',
  youtubeOwner: 'غوغل',
  vimeo: 'فيميو',
  vimeoOwner: 'شركة فيميو',
};

export const widgetTranslations: Readonly<Record<string, WidgetTables>> = {
  ar: {
    masonry: {
      filters: 'تصفية {label}',
      all: 'الكل',
      order: 'الترتيب',
      newest: 'الأحدث أولًا',
      oldest: 'الأقدم أولًا',
      title: 'العنوان أ–ي',
      loadMore: 'تحميل المزيد من {noun}',
      loading: 'جارٍ التحميل…',
      noMore: 'لا مزيد من',
      shown: 'معروض {count} من {noun}.',
      noMoreStatus: ' لا مزيد من {noun}.',
    },
    portfolio: {
      filters: 'عرض {label}',
      all: 'الكل',
      about: 'عن {title}',
      preview: 'معاينة',
      previous: 'السابق',
      next: 'التالي',
      close: 'إغلاق',
    },
    slideshow: {
      carousel: 'عرض شرائح',
      slide: 'شريحة',
      stopRotation: 'إيقاف العرض التلقائي للشرائح',
      startRotation: 'تشغيل العرض التلقائي للشرائح',
      previousSlide: 'الشريحة السابقة',
      nextSlide: 'الشريحة التالية',
      slideLabel: '{index} من {count}: {title}',
      picker: 'اختر شريحة',
      pickSlide: 'الشريحة {index}: {title}',
    },
    'tab-section': {
      previousTab: 'التبويب السابق',
      nextTab: 'التبويب التالي',
    },
    lightbox: arabicLightbox,
    'image-gallery': {
      ...arabicLightbox,
      viewLarger: '{caption}: عرض بحجم أكبر',
      opens: '{caption} (يفتح {href})',
      opensNewWindow: '{caption} (يفتح {href} في نافذة جديدة)',
    },
    'donate-button': {
      dialog: 'إتمام التبرع',
      close: 'إغلاق',
      loading: 'جارٍ تحميل صفحة الدفع الآمنة…',
      checkoutFrame: 'صفحة التبرع الآمنة',
      remoteFrame: 'تبرّع (زر آمن)',
      complete: 'شكرًا لك. اكتمل تبرعك.',
      redirecting: 'ننقلك إلى صفحة الدفع الآمنة…',
    },
    carousel: {
      carousel: 'عرض شرائح',
      slide: 'شريحة',
      previous: 'السابق',
      next: 'التالي',
      itemLabel: '{index} من {count}: {title}',
    },
    'horizontal-gallery': {
      carousel: 'معرض صور',
      previous: 'السابق',
      next: 'التالي',
    },
    video: {
      ...arabicConsentPrompt,
      play: 'شغّل الفيديو: {title}',
      player: '{title}، مشغّل الفيديو',
      platformPlayer: '{title}، مشغّل {platform}',
      download: 'نزّل «{title}»',
      failed: 'لم يُحمَّل المشغّل.',
      retry: 'أعد المحاولة',
      commands: 'أوامر المشغّل: {title}',
      mute: 'كتم الصوت',
      loop: 'تكرار',
      restart: 'من البداية',
      close: 'أغلق المشغّل',
    },
    'media-player': {
      ...arabicConsentPrompt,
      controls: '{title}: أزرار التحكم في المشغل',
      play: 'تشغيل {title}',
      pause: 'إيقاف {title} مؤقتًا',
      seek: 'الموضع',
      position: '{time} من {duration}',
      mute: 'كتم الصوت',
      volume: 'مستوى الصوت',
      watchOn: 'شاهد «{title}» على يوتيوب',
      download: 'تنزيل «{title}» ({type})',
      file: 'ملف',
      mediaFailed: 'تعذّر تشغيل الوسائط.',
      noStreaming: 'هذا المتصفح لا يستطيع تشغيل الفيديو المتدفق.',
      streamFailed: 'تعذّر تشغيل البث ({details}).',
      streamPlayerFailed: 'تعذّر تحميل مشغّل البث.',
      needsWindow: 'يحتاج مشغّل موقع الفيديو إلى نافذة متصفح.',
      noElement: 'عنصر المشغّل غير موجود.',
      retry: 'أعد المحاولة',
    },
    'message-box': {
      close: 'إغلاق: {label}',
    },
    'magazine-tabs': {
      shown: 'عدد المدخلات في {group}: {count}.',
    },
    'dosing-filter': {
      field: 'وزن الطفل بالرطل',
      everyWeight: 'اعرض كل الأوزان',
      hint: 'اكتب وزنًا مثل 28، أو «{all}» لعرض الجدول كله.',
      shown: 'الصفوف المعروضة: {shown} من {count}.',
    },
    countdown: {
      second: 'ثانية',
      seconds: 'ثوانٍ',
      minute: 'دقيقة',
      minutes: 'دقائق',
      hour: 'ساعة',
      hours: 'ساعات',
      day: 'يوم',
      days: 'أيام',
      week: 'أسبوع',
      weeks: 'أسابيع',
      month: 'شهر',
      months: 'أشهر',
      year: 'سنة',
      years: 'سنوات',
    },
    'ajax-form': {
      summaryOne: 'حقل واحد يحتاج إلى انتباهك: {fields}.',
      summaryMany: 'حقول تحتاج إلى انتباهك ({count}): {fields}.',
      sending: 'جارٍ الإرسال',
      sendingStatus: 'جارٍ الإرسال…',
      retry: 'تعذّر إرسال رسالتك: انقطع الاتصال. لم يضع شيء مما كتبته؛ اضغط الزر لتحاول مرة أخرى.',
      choose: 'اختر واحدًا',
      is_empty: 'يُرجى ملء هذا الحقل.',
      is_email: 'أدخل عنوان بريد إلكتروني مثل name@example.org.',
      is_ext_email: 'أدخل عنوان بريد إلكتروني مثل jürgen@example.org.',
      is_special_email: 'أدخل عنوان بريد إلكتروني مثل first+last@example.org.',
      is_phone: 'أدخل رقم هاتف من 3 أرقام على الأقل (المسافات والشرطات والأقواس و«ext» مقبولة).',
      is_number: 'أدخل عددًا مثل 12 أو ‎-3.5.',
      is_positiv_number: 'أدخل عددًا يساوي 0 أو أكثر، مثل 4 أو 2.5.',
      captcha: 'أدخل ناتج الجمع المعروض، رقمًا واحدًا.',
    },
    'ajax-search': {
      form: 'البحث في الموقع',
      field: 'ابحث في الموقع',
      placeholder: 'بحث',
      results: 'نتائج البحث',
      submit: 'ابحث',
      found: 'عدد النتائج: {count}. استخدم السهمين لأعلى ولأسفل لاختيار إحداها.',
      noResults: 'لا نتائج.',
      unavailable: 'البحث الفوري غير متاح الآن؛ اضغط Enter لعرض صفحة النتائج.',
    },
    'text-rotator': {
      pause: 'إيقاف مؤقت',
      play: 'تشغيل',
      purpose: 'للكلمات المتغيّرة',
    },
    'layout-tabs': {
      dots: '{label}: انتقل إلى تبويب',
      dot: 'التبويب {index}: {title}',
    },
  },
};

/**
 * Issue 51: "Report a problem" (the footer's button and its dialog) in each language but English
 * (runtime/report/labels.ts has the English). Unlike the rest of the shell it speaks the page's
 * language: the visitor describes their problem in it.
 */
export const problemReportTranslations: Readonly<Record<string, ProblemReportLabels>> = {
  ar: {
    open: 'الإبلاغ عن مشكلة',
    title: 'الإبلاغ عن مشكلة',
    intro:
      'أخبرنا بما حدث من خطأ في هذه الصفحة. عند الضغط على «إرسال» تصلنا كلماتك وتسجيل لما فعلته هذه الصفحة: الأزرار والروابط التي استخدمتها، مع استبدال ما كتبته بالحرف x والرقم 0 (إلا حقلًا يعدّه الموقع آمنًا، مثل الوزن، فيُحفظ كما هو)، وعنوان الصفحة، وحجم شاشتك، وهل هي هاتف. لا ملفات تعريف ارتباط، ولا عنوان IP.',
    words: 'ما الذي حدث من خطأ؟',
    send: 'إرسال البلاغ',
    cancel: 'إلغاء',
    close: 'إغلاق',
    blank: 'يرجى كتابة بضع كلمات عمّا حدث من خطأ.',
    sending: 'جارٍ الإرسال…',
    sent: 'شكرًا لك. وصلنا بلاغك رقم {id}.',
    failed: 'لم يُرسل البلاغ: {reason}',
    notStarted: 'لم تكتمل الصفحة بعد؛ حاول مرة أخرى بعد لحظة.',
  },
};

/** The labels of "Report a problem" for a page in `lang`: the language's table, else English. */
export function problemReportLabelsFor(lang: string | undefined): ProblemReportLabels {
  const primary = (lang ?? 'en').toLowerCase().split('-')[0] ?? 'en';
  return problemReportTranslations[primary] ?? problemReportLabels;
}

/** The labels for a page in `lang`: the language's table (its primary subtag), or none for English. */
export function translationsFor(lang: string | undefined): TranslationLookup {
  const primary = (lang ?? 'en').toLowerCase().split('-')[0] ?? 'en';
  const tables: Readonly<Record<string, Readonly<Record<string, string>>>> | undefined = widgetTranslations[primary];
  return (widget) => tables?.[widget];
}

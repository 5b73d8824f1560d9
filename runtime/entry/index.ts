/**
 * `sitecharts/runtime` (issue 32): what a site's widgets and its browser entry use. The runtime's
 * boot, the widget and behaviour definitions, the settings schema, the clock and a site's config.
 * Rendering pages on the server is `sitecharts/render`; testing is `sitecharts/testing`.
 */
export { boot, type BootOptions, type SitechartsHandle } from '../boot';
export {
  defineWidget,
  defineBehaviour,
  type AnsweringBehaviour,
  type BehaviourLoader,
  type BehaviourRegistry,
  type ClientEnv,
  type Hydration,
  type RuntimeBehaviour,
  type RuntimeWidget,
  type WidgetBehaviour,
  type WidgetDefinition,
  type WidgetEnv,
  type WidgetRegistry,
  type WidgetViewProps,
} from '../widget';
export { defineSettings, setting, type Field, type NumberOptions, type SettingsOf, type SettingsSchema, type SettingsShape } from '../settings';
export { createRealClock, FRAME_MS, type Clock, type TimerId } from '../clock';
export { defineSite, type SiteCollection, type SiteConfig, type SiteForms, type SitePage, type SitePages, type SiteRenderer, type SiteRoutes, type SiteSearch } from '../site';
export type { FieldControl, FormDefinition, FormField } from '../../machines/ajax-form/ajax-form.definition';

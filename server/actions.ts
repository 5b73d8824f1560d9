import type { AjaxHandler } from './ajax';

/** Every action the ajax endpoint answers, by its `action` field (§7). */
export const ajaxActions: Readonly<Record<string, AjaxHandler>> = {};

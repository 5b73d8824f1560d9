/**
 * Widget settings from data-* attributes (docs/design.md, invariant 5): parsed, never trusted.
 *
 * A schema names each setting with its spec default. A missing attribute takes the default
 * silently; a present but bad value takes the default and logs exactly one warning that names the
 * widget, the attribute, the value and the default. Nothing here throws.
 */
export type Warn = (message: string) => void;

export interface Field<T> {
  readonly default: T;
  /** What a good value looks like, in a site owner's words ("a number from 1 to 60"): for build-time errors and the authoring guide. */
  readonly expects: string;
  /** Returns the parsed value, or a reason the raw text was rejected. */
  parse(raw: string): { ok: true; value: T } | { ok: false; reason: string };
}

const ok = <T>(value: T) => ({ ok: true as const, value });
const bad = (reason: string) => ({ ok: false as const, reason });

export interface NumberOptions {
  min?: number;
  max?: number;
  integer?: boolean;
}

function numberPhrase({ min, max, integer }: NumberOptions): string {
  const noun = integer ? 'a whole number' : 'a number';
  if (min !== undefined && max !== undefined) return `${noun} from ${min} to ${max}`;
  if (min !== undefined) return `${noun} of at least ${min}`;
  if (max !== undefined) return `${noun} of at most ${max}`;
  return noun;
}

export const setting = {
  number(defaultValue: number, options: NumberOptions = {}): Field<number> {
    return {
      default: defaultValue,
      expects: numberPhrase(options),
      parse(raw) {
        const text = raw.trim();
        if (!/^-?(\d+\.?\d*|\.\d+)$/.test(text)) return bad('is not a number');
        const value = Number(text);
        if (options.integer && !Number.isInteger(value)) return bad('is not a whole number');
        if (options.min !== undefined && value < options.min) return bad(`is below ${options.min}`);
        if (options.max !== undefined && value > options.max) return bad(`is above ${options.max}`);
        return ok(value);
      },
    };
  },
  boolean(defaultValue: boolean): Field<boolean> {
    return {
      default: defaultValue,
      expects: 'true or false',
      parse(raw) {
        const text = raw.trim().toLowerCase();
        if (text === 'true' || text === '1' || text === 'yes' || text === '') return ok(true);
        if (text === 'false' || text === '0' || text === 'no') return ok(false);
        return bad('is not true or false');
      },
    };
  },
  string(defaultValue: string): Field<string> {
    return { default: defaultValue, expects: 'text', parse: (raw) => ok(raw) };
  },
  oneOf<const V extends string>(values: readonly V[], defaultValue: NoInfer<V>): Field<V> {
    return {
      default: defaultValue,
      expects: `one of ${values.map((v) => `'${v}'`).join(', ')}`,
      parse(raw) {
        const text = raw.trim();
        return (values as readonly string[]).includes(text)
          ? ok(text as V)
          : bad(`is not one of ${values.map((v) => `'${v}'`).join(', ')}`);
      },
    };
  },
  /** For settings whose rule is the spec's own (e.g. "anything else is 'once'"): never warns. */
  custom<T>(defaultValue: T, parse: (raw: string) => T, expects = 'text'): Field<T> {
    return { default: defaultValue, expects, parse: (raw) => ok(parse(raw)) };
  },
};

export type SettingsShape = Record<string, Field<unknown>>;
export type SettingsOf<S extends SettingsShape> = { [K in keyof S]: S[K] extends Field<infer T> ? T : never };

/** `loopAutoplay` is read from `data-loop-autoplay`; `loop_autoplay` from `data-loop_autoplay`. */
export function attributeName(key: string): string {
  return `data-${key.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)}`;
}

export interface SettingsSchema<S extends SettingsShape> {
  readonly widget: string;
  readonly shape: S;
  defaults(): SettingsOf<S>;
  /** `attributes` is an element's dataset (or any key -> text map keyed like a dataset). */
  parse(attributes: Readonly<Record<string, string | undefined>>, warn?: Warn): SettingsOf<S>;
}

/**
 * A widget's settings schema: each field is read from the island's `data-*` attribute
 * (`attributeName`); a value the field rejects warns, naming the widget, and the default is used.
 */
export function defineSettings<S extends SettingsShape>(widget: string, shape: S): SettingsSchema<S> {
  const defaults = () =>
    Object.fromEntries(Object.entries(shape).map(([key, field]) => [key, field.default])) as SettingsOf<S>;
  return {
    widget,
    shape,
    defaults,
    parse(attributes, warn = (message) => console.warn(message)) {
      const settings: Record<string, unknown> = defaults();
      for (const [key, field] of Object.entries(shape)) {
        const raw = attributes[key];
        if (raw === undefined) continue;
        const result = field.parse(raw);
        if (result.ok) settings[key] = result.value;
        else
          warn(
            `[sitecharts] ${widget}: ${attributeName(key)}="${raw}" ${result.reason}; using the default ${JSON.stringify(field.default)}.`,
          );
      }
      return settings as SettingsOf<S>;
    },
  };
}

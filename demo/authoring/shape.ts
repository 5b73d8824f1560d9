/**
 * A widget's content shape at run time: what a page author may write in a tag's content
 * attributes and child tags, checked at build with messages a site owner understands. The phantom
 * type `T` lets widget-content.ts check each shape against the widget's own content type, so the
 * view's type and the authoring tags cannot disagree.
 */
export interface Shape<T> {
  readonly kind: 'text' | 'number' | 'boolean' | 'list' | 'object' | 'data';
  /** In a site owner's words: "text", "a list of text", "a number". */
  readonly describe: string;
  readonly optional: boolean;
  /** For objects: their fields. */
  readonly fields?: Readonly<Record<string, Shape<unknown>>>;
  /** For lists: the shape of one item. */
  readonly item?: Shape<unknown>;
  /** Reasons the value is not of this shape, each naming where (`tabs[2].title`). */
  check(value: unknown, where: string): string[];
  /** Never set: carries the type for `satisfies` checks. */
  readonly __type?: T;
}

type Infer<F> = { [K in keyof F]: F[K] extends Shape<infer T> ? T : never };

const shown = (value: unknown) => (typeof value === 'string' ? `'${value}'` : JSON.stringify(value));

function scalar<T>(kind: 'text' | 'number' | 'boolean', describe: string, is: (value: unknown) => boolean): Shape<T> {
  return {
    kind,
    describe,
    optional: false,
    check: (value, where) => (is(value) ? [] : [`${where} must be ${describe}, got ${shown(value)}`]),
  };
}

export const shape = {
  text: () => scalar<string>('text', 'text', (v) => typeof v === 'string'),
  number: () => scalar<number>('number', 'a number', (v) => typeof v === 'number' && Number.isFinite(v)),
  boolean: () => scalar<boolean>('boolean', 'true or false', (v) => typeof v === 'boolean'),
  /** One of a few values (a heading level); numbers or text. */
  oneOf<const V extends string | number>(values: readonly V[]): Shape<V> {
    const describe = `one of ${values.map(shown).join(', ')}`;
    return scalar<V>(typeof values[0] === 'number' ? 'number' : 'text', describe, (v) => (values as readonly unknown[]).includes(v));
  },
  list<T>(item: Shape<T>): Shape<T[]> {
    return {
      kind: 'list',
      describe: `a list of ${item.kind === 'object' ? 'items' : item.describe}`,
      optional: false,
      item,
      check: (value, where) =>
        Array.isArray(value) ? value.flatMap((entry, index) => item.check(entry, `${where}[${index}]`)) : [`${where} must be ${`a list, such as [${item.kind === 'text' ? '"a", "b"' : '…'}]`}, got ${shown(value)}`],
    };
  },
  object<F extends Record<string, Shape<unknown>>>(fields: F): Shape<Infer<F>> {
    return {
      kind: 'object',
      describe: `{${Object.keys(fields).join(', ')}}`,
      optional: false,
      fields,
      check(value, where) {
        if (typeof value !== 'object' || value === null || Array.isArray(value)) return [`${where} must be {${Object.keys(fields).join(', ')}}, got ${shown(value)}`];
        const record = value as Record<string, unknown>;
        const problems: string[] = [];
        for (const key of Object.keys(record)) if (!(key in fields)) problems.push(`${where} has no field '${key}' (it has ${Object.keys(fields).join(', ')})`);
        for (const [key, field] of Object.entries(fields)) {
          if (record[key] === undefined) {
            if (!field.optional) problems.push(`${where} needs ${key} (${field.describe})`);
          } else problems.push(...field.check(record[key], `${where}.${key}`));
        }
        return problems;
      },
    };
  },
  optional<T>(inner: Shape<T>): Shape<T | undefined> {
    return { ...inner, optional: true, check: (value, where) => (value === undefined ? [] : inner.check(value, where)) };
  },
  /**
   * Structured data that comes from the site's data modules through a variable (`content=$dosing`)
   * rather than being typed into the page: only checked to be an object or a list.
   */
  data<T>(describe: string): Shape<T> {
    return {
      kind: 'data',
      describe,
      optional: false,
      check: (value, where) => (typeof value === 'object' && value !== null ? [] : [`${where} must be ${describe}, got ${shown(value)}`]),
    };
  },
};

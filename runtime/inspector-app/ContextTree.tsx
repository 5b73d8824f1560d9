/**
 * An actor's context as a readable tree (issue 29): one line a key, nested objects and arrays
 * indented, the keys whose value changed since the previous step marked (and said: "changed").
 */
export function ContextTree({ value, changed, label }: { value: unknown; changed: ReadonlySet<string>; label: string }) {
  if (value === undefined) return <p>No context (not a machine, or not started yet).</p>;
  return (
    <ul className="tree" aria-label={label} tabIndex={0}>
      <Branch value={value} path="" changed={changed} />
    </ul>
  );
}

function Branch({ value, path, changed }: { value: unknown; path: string; changed: ReadonlySet<string> }) {
  if (typeof value !== 'object' || value === null) return <li>{leaf(value)}</li>;
  const entries = Array.isArray(value) ? value.map((item, i) => [String(i), item] as const) : Object.entries(value as Record<string, unknown>);
  if (entries.length === 0) return <li className="tree__empty">{Array.isArray(value) ? '[] (empty)' : '{} (empty)'}</li>;
  return entries.map(([key, item]) => {
    const here = path ? `${path}.${key}` : key;
    const isChanged = changed.has(here);
    const nested = typeof item === 'object' && item !== null;
    return (
      <li key={key} data-path={here} data-changed={isChanged ? 'true' : undefined}>
        <span className="tree__key">{key}</span>
        {nested ? (Array.isArray(item) ? ` [${item.length}]` : '') : ': '}
        {nested ? null : <span className="tree__value">{leaf(item)}</span>}
        {isChanged ? <span className="tree__changed"> (changed)</span> : null}
        {nested ? (
          <ul>
            <Branch value={item} path={here} changed={changed} />
          </ul>
        ) : null}
      </li>
    );
  });
}

function leaf(value: unknown): string {
  return value === undefined ? 'undefined' : JSON.stringify(value);
}

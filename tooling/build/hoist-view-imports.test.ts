import { describe, expect, it } from 'vitest';
import { transitiveImports } from './hoist-view-imports';

describe('transitiveImports', () => {
  const chunks = new Map([
    ['widget.js', { imports: ['Tabs.js', 'hash.js'] }],
    ['Tabs.js', { imports: ['view.js', 'TabList.js'] }],
    ['TabList.js', { imports: ['hash.js', 'connect.js'] }],
    ['view.js', { imports: ['actor.js'] }],
    ['actor.js', { imports: [] }],
    ['hash.js', { imports: [] }],
    ['connect.js', { imports: [] }],
  ]);

  it('lists every chunk a chunk needs, however deep, once, in the order they are first met', () => {
    expect([...transitiveImports('widget.js', chunks)]).toEqual(['Tabs.js', 'view.js', 'actor.js', 'TabList.js', 'hash.js', 'connect.js']);
  });

  it('shows a cycle: a chunk that a chunk it imports imports back is among its own transitive imports', () => {
    const cyclic = new Map([...chunks, ['actor.js', { imports: ['view.js'] }]]);
    expect(transitiveImports('actor.js', cyclic).has('actor.js')).toBe(true);
    expect(transitiveImports('widget.js', chunks).has('widget.js')).toBe(false);
  });
});

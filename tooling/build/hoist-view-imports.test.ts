import { describe, expect, it } from 'vitest';
import { behavioursWithoutChunk, transitiveImports } from './hoist-view-imports';

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


describe('behavioursWithoutChunk (issue 35, goal 2)', () => {
  const isBehaviour = (id: string) => id.endsWith('/behaviour.ts');
  const chunk = (fileName: string, moduleIds: string[], facadeModuleId: string | null = null) => ({ fileName, moduleIds, isDynamicEntry: facadeModuleId !== null, facadeModuleId });

  it('is empty when every behaviour is the facade of its own dynamic entry, whatever else shares a chunk', () => {
    const chunks = [chunk('behaviour-a.js', ['/w/Tabs/behaviour.ts'], '/w/Tabs/behaviour.ts'), chunk('bind.js', ['/w/Tabs/tabs-view.bind.ts'])];
    expect(behavioursWithoutChunk(chunks, isBehaviour)).toEqual([]);
  });

  it('names a behaviour the bundler merged into a shared chunk (another behaviour imported it statically), with the chunk', () => {
    const chunks = [chunk('behaviour-b.js', ['/w/Tabs/behaviour.ts', '/w/Tabs/tab-list.connect.ts']), chunk('behaviour-c.js', ['/w/LayoutTabs/behaviour.ts'], '/w/LayoutTabs/behaviour.ts')];
    expect(behavioursWithoutChunk(chunks, isBehaviour)).toEqual(['/w/Tabs/behaviour.ts has no chunk of its own (in behaviour-b.js)']);
  });
});

import type { CatalogEntry } from '../../../runtime/replay/catalog-types';
import { DEMO_DIR, siteDir } from '../../../server/site-folder';
import { demoIslands, fromIsland } from './islands';
import { pageMachines } from './page';

/**
 * The machines a scenario can name on the site the replay is pointed at (issue 32). The demo's
 * catalog (../demo-catalog/, which the package does not carry: issue 48) is drawn from islands its
 * own pages have, with fakes and model events written for them; another site gets the page services and, for each widget its pages use (the engine's and
 * its own), the widget's machine with the input its first island gives. A scenario saved from one of
 * its pages carries each actor's own input anyway.
 */
export function siteCatalog(): Record<string, CatalogEntry> {
  const widgets = [...new Set(demoIslands().map((island) => island.widget.name))];
  return { ...pageMachines, ...Object.fromEntries(widgets.map((name) => [name, { ...fromIsland(name), events: [] }])) };
}

/** The catalog of the site folder the command was given (SITE_DIR or --site), the demo's by default. */
export async function loadCatalog(): Promise<Readonly<Record<string, CatalogEntry>>> {
  return siteDir() === DEMO_DIR ? (await import('../demo-catalog/index')).catalog : siteCatalog();
}

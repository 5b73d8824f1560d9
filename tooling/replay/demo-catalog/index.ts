import { contentMachines } from './content';
import { dosingMachines } from './dosing';
import { galleryMachines } from './gallery';
import { pageMachines } from '../catalog/page';
import { serviceMachines } from './services';
import type { CatalogEntry } from '../../../runtime/replay/catalog-types';

export type { CatalogEntry } from '../../../runtime/replay/catalog-types';

/**
 * Every machine a scenario can name (by this key, usually the widget's name, or by the machine's
 * id), with the fakes, input and events the replay and the model tests use. One file per group.
 */
export const catalog: Readonly<Record<string, CatalogEntry>> = {
  ...dosingMachines,
  ...pageMachines,
  ...contentMachines,
  ...serviceMachines,
  ...galleryMachines,
};

import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { StateMachine, type AnyStateMachine } from 'xstate';
import type { CoverageExceptions } from '../../machines/coverage';
import { root } from './files';

/** A machine the coverage report and the mutation runner cover: every statechart of machines/ and of the provider's client. */
export interface FoundMachine {
  id: string;
  machine: AnyStateMachine;
  /** The file that defines it (`machines/tooltip/tooltip.machine.ts`) and the export's name. */
  file: string;
  name: string;
  exceptions: CoverageExceptions;
  /** The page services that run it (runtime/services, the site's services). */
  services: string[];
}

const machineFiles = () =>
  readdirSync(join(root, 'machines'), { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .flatMap((folder) =>
      readdirSync(join(root, 'machines', folder.name))
        .filter((file) => file.endsWith('.machine.ts'))
        .map((file) => `machines/${folder.name}/${file}`),
    )
    .concat(readdirSync(join(root, 'provider', 'sdk')).filter((file) => file.endsWith('.machine.ts')).map((file) => `provider/sdk/${file}`));

const serviceFiles = () =>
  ['runtime/services', 'demo/services'].flatMap((dir) =>
    readdirSync(join(root, dir))
      .filter((file) => /\.tsx?$/.test(file) && !/\.test\.tsx?$/.test(file))
      .map((file) => `${dir}/${file}`),
  );

const kebabCase = (id: string) => id.replace(/[A-Z]/g, (letter) => `-${letter.toLowerCase()}`);

/** A page service builds its chart as it starts (`buildBurgerMenuMachine()` for `burgerMenuMachine`: issue 49, goal 2). */
const builderOf = (name: string) => `build${name.charAt(0).toUpperCase()}${name.slice(1)}`;

/** Every machine (one per config: a machine `provide`d other actors or delays is the same chart), by id. */
export async function discoverMachines(): Promise<FoundMachine[]> {
  const found: FoundMachine[] = [];
  const services = serviceFiles().map((file) => [file, readFileSync(join(root, file), 'utf8')] as const);
  for (const file of machineFiles()) {
    const exports = (await import(join(root, file))) as Record<string, unknown>;
    const exceptionsFile = join(root, file.replace(/\.machine\.ts$/, '.coverage.ts'));
    const exceptions = existsSync(exceptionsFile) ? ((await import(exceptionsFile)) as { coverageExceptions: CoverageExceptions }).coverageExceptions : {};
    const module = file.replace(/\.ts$/, '').split('/').slice(-2).join('/');
    for (const [name, value] of Object.entries(exports)) {
      if (!(value instanceof StateMachine)) continue;
      const machine = value as AnyStateMachine;
      const entry = { id: machine.id, machine, file, name, exceptions, services: services.filter(([, text]) => text.includes(`${module}'`) && (text.includes(name) || text.includes(builderOf(name)))).map(([service]) => service) };
      const known = found.findIndex((other) => other.machine.config === value.config);
      if (known < 0) found.push(entry);
      // A chart several widgets provide with their own delays (the stagger reveal: the icon list's,
      // the progress bars') is named by the folder it is defined in, whose tests are its own.
      else if (file.startsWith(`machines/${kebabCase(machine.id)}/`)) found[known] = entry;
    }
  }
  return found.sort((a, b) => a.id.localeCompare(b.id));
}

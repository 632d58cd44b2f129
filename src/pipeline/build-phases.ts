// The bench's breakdown of `astro build` (npm run bench prints it): with PERFLAB_PHASES set, this
// integration notes when the build reaches each hook and, when it is done, prints one
// `phases astro {…}` line on stderr: the stretches between hooks (setup and the content layer,
// bundling, generating the pages, what runs after), each page type's render (src/middleware.ts),
// the charts' worker thread (src/chart-thread.ts) and the content layer's guide loader. Last in
// astro.config's integrations, so the stretch after generating includes the others' build:done.
import type { AstroIntegration } from 'astro';
import { addPhase, markOf, phaseStart } from '../lib/phase-times.ts';
import { phasesWanted, printPhases } from './phases.ts';

export function buildPhases(): AstroIntegration {
  const marks: { name: string; at: { wall: number; cpu: number } }[] = [];
  // The whole process's CPU time (every thread: Rolldown's, the garbage collector's, the charts'), in ms.
  const processCpuMs = () => {
    const { user, system } = process.cpuUsage();
    return (user + system) / 1000;
  };
  let processAtConfig = 0;
  const mark = (name: string): void => {
    marks.push({ name, at: phaseStart() });
  };
  return {
    name: 'perflab-build-phases',
    hooks: phasesWanted
      ? {
          'astro:config:done': () => {
            mark('config');
            processAtConfig = processCpuMs();
            // From the process's start (performance.now() counts from it): loading astro, Vite, the config.
            addPhase('astro.start (process start → config, all threads)', performance.now(), processAtConfig);
          },
          'astro:build:start': () => mark('build start'),
          'astro:build:generated': () => mark('generated'),
          'astro:build:done': () => {
            mark('done');
            const at = (name: string) => marks.find((entry) => entry.name === name)?.at;
            const stretch = (phase: string, from: string, to: string) => {
              const a = at(from);
              const b = at(to);
              if (a && b) addPhase(phase, b.wall - a.wall, b.cpu - a.cpu);
            };
            stretch('astro.setup and content layer (config → build start)', 'config', 'build start');
            // The first page's render splits the build's middle: bundling before it, pages after.
            const firstPage = markOf('first page');
            const start = at('build start');
            const generated = at('generated');
            if (firstPage !== undefined && start && generated) {
              addPhase('astro.bundle (build start → first page)', firstPage - start.wall, 0);
              addPhase('astro.generate pages (first page → generated)', generated.wall - firstPage, 0);
            }
            stretch('astro.build start → generated (bundle + pages)', 'build start', 'generated');
            stretch('astro.after generated (css-prune, other build:done hooks)', 'generated', 'done');
            stretch('astro.total (config → done)', 'config', 'done');
            const total = at('done');
            const config = at('config');
            if (total && config)
              addPhase(
                'astro.total, all threads (config → done)',
                total.wall - config.wall,
                processCpuMs() - processAtConfig,
              );
            printPhases('astro');
          },
        }
      : {},
  };
}

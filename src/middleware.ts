// Astro middleware: under `npm run bench` (PERFLAB_PHASES set) each page's render time, by page
// type, for the bench's breakdown (src/pipeline/build-phases.ts prints it). Four pages render at
// once (astro.config's build.concurrency), so the main thread's CPU time between two page events is
// shared out evenly among the pages in flight then: the shares add up to the thread's CPU time.
// Otherwise it only passes the request on.
import { defineMiddleware } from 'astro:middleware';
import { addPhase, markOnce, phasesOn, phaseStart } from './lib/phase-times.ts';
import { threadCpuMs } from './pipeline/phases.ts';

const inFlight = new Map<number, number>();
let lastCpu = 0;
let nextToken = 0;

/** Shares the CPU time since the last page event among the pages in flight. */
function settle(): void {
  const now = threadCpuMs();
  if (inFlight.size === 0)
    addPhase('astro.render/(between pages: astro writing files, next page)', 0, now - lastCpu, 0);
  const share = inFlight.size > 0 ? (now - lastCpu) / inFlight.size : 0;
  for (const [token, cpu] of inFlight) inFlight.set(token, cpu + share);
  lastCpu = now;
}

export const onRequest = defineMiddleware(async (context, next) => {
  if (!phasesOn()) return next();
  if (nextToken === 0) {
    markOnce('first page');
    lastCpu = threadCpuMs();
  }
  settle();
  const token = nextToken++;
  inFlight.set(token, 0);
  const start = phaseStart();
  try {
    return await next();
  } finally {
    settle();
    const cpu = inFlight.get(token) ?? 0;
    inFlight.delete(token);
    addPhase(`astro.render/${context.routePattern}`, performance.now() - start.wall, cpu);
  }
});

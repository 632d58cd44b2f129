// What `run-plan --dry-run` tells an author rehearsing a plan, on a laptop or on the GPU box before
// a night's run: the order run-plan would go in (each server, the measurements against it, the raw
// file each would fill), what this machine lacks for it (a program, a Python module, a free port),
// what the records would say (the accelerators, signed or not, by whom), and that nothing was
// measured or written. It is said from what src/pipeline/dry-run.ts found; no command ran.

/** Where a program was found, or why it would not start. */
export type Found = { path: string } | { problem: string };

export type RehearsedGroup = {
  /** the engine and where it would listen: "vllm on 127.0.0.1:8000" */
  where: string;
  /** the serving program, and the module `python3 -m` would run where it is one */
  program: Found;
  portInUse: boolean;
  measurements: { id: string; benchmark: Found; rawPath: string }[];
};

/** How each record would be signed: by whom, or why not (unsigned), why check would refuse it, or that perflab cannot tell. */
export type SigningStatus = { signer: string } | { unsigned: string } | { refused: string } | { unchecked: string };

export type Rehearsal = {
  guide: string;
  /** every measurement of the plan */
  total: number;
  /** already in data/raw: never measured again */
  present: string[];
  /** cannot run as planned, with why (a FILL-IN, a refused command) */
  blocked: { id: string; reason: string }[];
  groups: RehearsedGroup[];
  /** what each record would list as the machine, or why it would list none */
  accelerators: { listed: string } | { problem: string };
  signing: SigningStatus;
  /** why the programs could not be given a working folder outside the repository */
  workFolder?: string | undefined;
};

const list = (ids: readonly string[]) => (ids.length > 4 ? `${ids.slice(0, 4).join(', ')}, …` : ids.join(', '));

/**
 * The rehearsal as lines (without run-plan's prefix), and the problems a real run on this machine
 * would hit or that would make its records fail check. Its last line says nothing was measured.
 */
export function rehearsalText(r: Rehearsal): { lines: string[]; problems: string[] } {
  const lines = ['dry run: a rehearsal of the whole plan on this machine: nothing is started, measured or written'];
  // A problem named once, with every place it would strike.
  const problems = new Map<string, string[]>();
  const problem = (what: string, where: string) => problems.set(what, [...(problems.get(what) ?? []), where]);

  if (r.present.length > 0)
    lines.push(`${r.present.length} already in data/raw, not measured again: ${list(r.present)}`);
  for (const b of r.blocked) {
    lines.push(`cannot run as planned: ${b.id}: ${b.reason}`);
    problem('the plan cannot run these as written: change guide.yaml (npm run check says where)', b.id);
  }
  if (r.workFolder !== undefined) problem(r.workFolder, 'every server');
  r.groups.forEach((g, i) => {
    const server = `server ${i + 1} of ${r.groups.length}`;
    lines.push(
      'path' in g.program
        ? `${server} (${g.where}): would start ${g.program.path}${g.portInUse ? ', but its port is in use' : ''}, wait until it is healthy, then measure:`
        : `${server} (${g.where}): cannot start: ${g.program.problem}; so its measurements would fail:`,
    );
    if ('problem' in g.program) problem(g.program.problem, server);
    if (g.portInUse)
      problem(`${g.where.replace(/^.* on /, '')} is in use by another process (stop it, or give --port)`, server);
    for (const m of g.measurements) {
      lines.push(
        'path' in m.benchmark
          ? `  ${m.id}: would run ${m.benchmark.path} → ${m.rawPath} and its record`
          : `  ${m.id}: cannot run: ${m.benchmark.problem} (→ ${m.rawPath})`,
      );
      if ('problem' in m.benchmark) problem(m.benchmark.problem, m.id);
    }
  });
  const count = r.groups.reduce((n, g) => n + g.measurements.length, 0);
  if (count > 0) {
    lines.push(
      'listed' in r.accelerators
        ? `each record would list this machine's ${r.accelerators.listed}`
        : `each record would list no accelerator: ${r.accelerators.problem}`,
    );
    if ('signer' in r.signing) lines.push(`each record would be signed by ${r.signing.signer}`);
    else if ('unsigned' in r.signing)
      lines.push(
        `each record would be unsigned (${r.signing.unsigned}): shown as stated by the author, unsigned, never as recorded`,
      );
    else if ('unchecked' in r.signing) lines.push(`each record would be ${r.signing.unchecked}`);
    else {
      lines.push(`each record would fail npm run check: ${r.signing.refused}`);
      problem(r.signing.refused, 'every record');
    }
  }
  const found = [...problems].map(([what, where]) => `would fail: ${what} (${list(where)})`);
  for (const line of found) lines.push(line);
  lines.push(
    `dry run: nothing was measured and nothing was written (no raw file, no record, no log, no run state); a real run would measure ${count} of the ${r.total} measurement(s) on ${r.groups.length} server(s)${found.length > 0 ? `; fix the ${found.length} problem(s) above first` : ''}`,
  );
  return { lines, problems: [...problems.keys()] };
}

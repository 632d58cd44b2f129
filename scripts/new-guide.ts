// new: scaffold a whole guide. Usage: npm run new -- <model-slug> <hardware-slug> --gpus <count> [--objective throughput|latency]
// Writes content/guides/<model>/<hardware>/{guide.yaml,en.md,zh.md} and data/raw/<model>/<hardware>/;
// `npm run check` then fails on every FILL-IN left and every raw result not yet in place.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { familyFor, guideTemplate, proseTemplate } from '../src/lib/guide-source/scaffold.ts';
import { Objective } from '../src/lib/schema/vocabulary.ts';
import { folder, linkOnTheWay, makeOwnedFolder, repoPath, writeOwnedIfChanged } from '../src/pipeline/fs-policy.ts';
import { answerHelp } from '../src/pipeline/cli-help.ts';
import { knownFamilies } from '../src/pipeline/guide-families.ts';

const usage = `usage: npm run new -- <model-slug> <hardware-slug> --gpus <count> [--objective ${Objective.options.join('|')}]
  e.g. npm run new -- qwen3-8b h100 --gpus 1 --objective latency
  --gpus       how many GPUs the machine has; every scaffolded command runs tensor parallel over all
               of them (--tensor-parallel-size / --tp-size), and check compares the two
  --objective  what the guide tunes for (default throughput)
  (slugs: lower-case letters, digits, ".", "_" and "-")\n`;
answerHelp(`${usage}Scaffolds a whole guide: content/guides/<model>/<hardware>/{guide.yaml,en.md,zh.md} and
data/raw/<model>/<hardware>/; npm run check then fails on every FILL-IN left and every raw result
not yet in place.`);
function refuse(message: string): never {
  process.stderr.write(`new: ${message}\n${usage}`);
  process.exit(2);
}

let parsed;
try {
  parsed = parseArgs({
    allowPositionals: true,
    options: { objective: { type: 'string', default: 'throughput' }, gpus: { type: 'string' } },
  });
} catch (error) {
  refuse(error instanceof Error ? error.message : String(error));
}
const [model, hardware, ...extra] = parsed.positionals;
const chosen = Objective.safeParse(parsed.values.objective);
if (!chosen.success)
  refuse(`--objective must be one of ${Objective.options.join(', ')}, found "${parsed.values.objective}"`);
const objective = chosen.data;
const { gpus: gpuText } = parsed.values;
if (gpuText === undefined) refuse('expected --gpus <count>: how many GPUs the machine has');
if (!/^[1-9]\d{0,3}$/.test(gpuText)) refuse(`--gpus must be a whole number of GPUs from 1, found "${gpuText}"`);
const gpus = Number(gpuText);
const slug = /^[a-z0-9][a-z0-9._-]*$/;
if (!model || !hardware || extra.length > 0) refuse('expected a model slug and a hardware slug');
for (const value of [model, hardware]) if (!slug.test(value)) refuse(`"${value}" is not a slug`);

const contentDir = join(folder('content'), model, hardware);
const rawDir = join(folder('raw'), model, hardware);
const linked = linkOnTheWay(contentDir) ?? linkOnTheWay(rawDir);
if (linked) {
  process.stderr.write(
    `new: ${repoPath(linked.path)} ${linked.reason}; nothing written (perflab does not follow links)\n`,
  );
  process.exit(1);
}
if (existsSync(contentDir)) {
  process.stderr.write(`new: ${repoPath(contentDir)} already exists; nothing written\n`);
  process.exit(1);
}
// Only below content/guides and data/raw, on real folders (see src/pipeline/fs-policy.ts).
writeOwnedIfChanged(
  join(contentDir, 'guide.yaml'),
  folder('content'),
  guideTemplate(model, hardware, objective, gpus, familyFor(model, knownFamilies())),
);
writeOwnedIfChanged(join(contentDir, 'en.md'), folder('content'), proseTemplate('en', objective));
writeOwnedIfChanged(join(contentDir, 'zh.md'), folder('content'), proseTemplate('zh', objective));
makeOwnedFolder(rawDir, folder('raw'));
for (const name of ['guide.yaml', 'en.md', 'zh.md'])
  process.stderr.write(`new: wrote ${repoPath(join(contentDir, name))}\n`);
process.stderr.write(
  `new: replace every FILL-IN, put the raw benchmark outputs guide.yaml names under ${repoPath(rawDir)}/, then run \`npm run check\`\n`,
);

// The page's setup against its own commands: the model it names against the model the
// recommended command serves, and the accelerators its hardware line names against the most any
// run of the page uses.
import { commandModel } from '../../serving/flags.ts';
import type { PerformanceLabPage } from '../page-model.ts';
import type { AuditContext, Measured } from './measure.ts';
import type { AuditFinding } from './numbers.ts';

export function auditModel(page: PerformanceLabPage, findings: AuditFinding[]): void {
  const model = page.model;
  const served = page.recommended ? commandModel(page.recommended.text) : undefined;
  if (!model || !served) return;
  // A quantized build of the model is the same model.
  const base = (id: string) => id.split('/').pop()?.toLowerCase().replace(/-fp8$/, '') ?? '';
  if (base(served) !== base(model.value))
    findings.push({
      line: model.line,
      message: `printed model ${model.value}, computed ${served} (the model the recommended command serves)`,
    });
}

export function auditHardware(
  page: PerformanceLabPage,
  runs: readonly Measured[],
  ctx: AuditContext,
  findings: AuditFinding[],
): void {
  const hardware = page.hardware;
  const largest = runs.reduce<Measured | undefined>(
    (top, m) => (!top || m.accelerators > top.accelerators ? m : top),
    undefined,
  );
  if (!hardware || !largest || largest.accelerators <= ctx.stated) return;
  const units = `${ctx.accelerator}${largest.accelerators > 1 ? 's' : ''}`;
  findings.push({
    line: hardware.line,
    message: `printed hardware "${hardware.value}" (${ctx.stated} ${ctx.accelerator}${ctx.stated > 1 ? 's' : ''}), computed at least ${largest.accelerators} ${units} (${largest.label}, whose block starts at line ${largest.line}, runs on ${largest.accelerators})`,
  });
}

import { z } from 'zod';

/** One problem found in an input file, rendered compiler-style as `file:line:col: severity code: …`. */
export const DiagnosticSchema = z.object({
  severity: z.enum(['error', 'warning']),
  code: z.string(),
  file: z.string(),
  line: z.number().int().positive().optional(),
  column: z.number().int().positive().optional(),
  message: z.string(),
  expected: z.string().optional(),
  found: z.string().optional(),
  hint: z.string().optional(),
});
export type Diagnostic = z.infer<typeof DiagnosticSchema>;

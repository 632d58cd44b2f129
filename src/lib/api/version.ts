import { API_MAJOR } from '../site-paths.ts';

/**
 * The version of the published data for programs (index, per-guide JSON, their schemas), as
 * `<major>.<minor>.<patch>`. Within a major version fields are only added (a minor step), never
 * renamed, removed or given another meaning; tests/unit/api-contract.test.ts holds every field
 * path of the current files against tests/fixtures/api-contract/, so removing one fails there.
 * A change that breaks a reader is a new major version, published beside the old one (`api/v2/`).
 *
 * 1.0.0: the index, the guide JSON (recommendation, baseline, steps, cases, accuracy, runs).
 * 1.1.0: the decision (issue 36): yields per accelerator and per user, cost at a stated price,
 * noise verdicts for steps and cases, freshness (engine versions, measured date), workloads.
 */
export const API_VERSION = `${API_MAJOR}.1.0`;

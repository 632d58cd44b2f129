import type { CodeInfo } from './code-info.ts';

/**
 * The codes of what the GPU box runs and keeps (plan, record, run-plan): the commands it will run,
 * its run state. See codes.ts.
 */
export const LAB_CODES = {
  E_COMMAND_NOT_ALLOWED: {
    severity: 'error',
    meaning:
      "a serving or benchmark command would make the GPU box run something besides an engine or benchmark tool from the author's PATH: a program named by a path or not on the allow-list (a script, awk, curl), an environment name that changes what runs (PATH, LD_*, PYTHON*), a path in the environment, a flag that loads code or writes where it says, or a path that climbs out of the working folder",
    hint: "write the engine's or tool's own command (vllm serve, vllm bench serve, python3 -m sglang.bench_serving, guidellm benchmark, lm_eval, …) with its flags as data; set paths and your machine's settings in your own shell, not in guide.yaml (README, \"Running the experiment\")",
  },
  E_TRACKED_RUN_STATE: {
    severity: 'error',
    meaning:
      'a file under data/.record-logs is tracked by git: that folder is what record and run-plan keep on the machine that measures (logs, the run state naming the server to stop after a crash), never something a pull request brings',
    hint: 'git rm -r --cached data/.record-logs (the folder is in .gitignore)',
  },
  E_RECORD_SIGNATURE: {
    severity: 'error',
    meaning:
      'a signed record (<file>.record.json) does not verify: an entry was changed after npm run record signed it, the record was moved beside another file, or its key is not in data/allowed-signers',
    hint: 'measure the result again with npm run record --force (signed with your key); a new signer adds their public key to data/allowed-signers in a pull request of its own (README, "Running the experiment")',
  },
  E_RECORD_CHANGED: {
    severity: 'error',
    meaning:
      'a raw result is not the text its signed record was made for: its sha256 differs from the one npm run record signed',
    hint: 'put the file back as it was recorded (git checkout -- <file>), or measure it again with npm run record --force',
  },
} as const satisfies Record<string, CodeInfo>;

# Stage times for .ci/run (sourced, bash 5). `stage <name> <command…>` runs the command as one
# stage and prints `ci: <name> <seconds> s (cpu <seconds> s)` after it. At exit, a table of every
# stage; a stage that failed is named there and on its own line, with its time, and the exit status
# is the failed command's. Wall time is bash's EPOCHREALTIME; CPU time is the user + system time of
# the processes the stage ran (bash's `times`), which a busy machine does not stretch the way it
# stretches wall time. Lines a script run under .ci/npm-script-shell appended to $CI_SUBSTAGES
# become rows under their stage, with the rest of the stage's time on a row of its own: the wall
# time none of them covered (scripts run side by side overlap) and the CPU time none of them spent.

ci_rows=()
ci_stage=''
ci_stage_wall_start=0
ci_stage_cpu_start=0
ci_run_start=0
ci_times_file=''
ci_us=0
ci_ms=0

# ci_us: microseconds since the epoch (no process started).
ci_clock() { ci_us=${EPOCHREALTIME//[.,]/}; }

# ci_ms: CPU milliseconds (user + system) of the children this shell has waited for. `times` must
# run in this shell, not in a $(…) subshell, which has no children of its own.
ci_cpu() {
  local line part
  times > "$ci_times_file"
  { read -r line; read -r line; } < "$ci_times_file"
  ci_ms=0
  for part in $line; do
    [[ $part =~ ^([0-9]+)m([0-9]+)[.,]([0-9]+)s$ ]] || continue
    ci_ms=$((ci_ms + (BASH_REMATCH[1] * 60 + 10#${BASH_REMATCH[2]}) * 1000 + 10#${BASH_REMATCH[3]:0:3}))
  done
}

# Milliseconds as seconds with one decimal.
ci_seconds() { printf '%d.%d' $(($1 / 1000)) $(($1 % 1000 / 100)); }

ci_init() {
  # A run of its own: npm scripts it times are those its own first npm script names.
  unset CI_FIRST_SCRIPT
  ci_times_file=$(mktemp)
  export CI_SUBSTAGES
  CI_SUBSTAGES=$(mktemp)
  ci_clock
  ci_run_start=$ci_us
  trap ci_exit EXIT
}

stage() {
  ci_stage=$1
  shift
  : > "$CI_SUBSTAGES"
  ci_clock
  ci_stage_wall_start=$ci_us
  ci_cpu
  ci_stage_cpu_start=$ci_ms
  "$@"
  ci_stage_ended ''
}

# Records the stage now ending (status '' when it passed) and the sub-stages it ran.
ci_stage_ended() {
  local status=$1 wall cpu name sub_wall sub_cpu sub_start sub_note rest_wall=0 rest_cpu=0 label
  local spans span_start span_end covered_end
  ci_clock
  ci_cpu
  wall=$(((ci_us - ci_stage_wall_start) / 1000))
  cpu=$((ci_ms - ci_stage_cpu_start))
  if [ -n "$status" ]; then
    echo "ci: $ci_stage FAILED (exit $status) after $(ci_seconds "$wall") s (cpu $(ci_seconds "$cpu") s)" >&2
    ci_rows+=("$ci_stage"$'\t'"$wall"$'\t'"$cpu"$'\t'"FAILED (exit $status)")
  else
    echo "ci: $ci_stage $(ci_seconds "$wall") s (cpu $(ci_seconds "$cpu") s)"
    ci_rows+=("$ci_stage"$'\t'"$wall"$'\t'"$cpu"$'\t')
  fi
  if [ -s "$CI_SUBSTAGES" ]; then
    rest_wall=$wall
    rest_cpu=$cpu
    label='the rest'
    spans=()
    while IFS=$'\t' read -r name sub_wall sub_cpu sub_start sub_note; do
      if [ "$name" = '=' ]; then
        label=$sub_wall
        continue
      fi
      ci_rows+=("  $name"$'\t'"$sub_wall"$'\t'"$sub_cpu"$'\t'"$sub_note")
      spans+=("$sub_start $((sub_start + sub_wall * 1000))")
      rest_cpu=$((rest_cpu - sub_cpu))
    done < "$CI_SUBSTAGES"
    # Scripts run side by side overlap: the rest's wall time is what none of them covered.
    covered_end=0
    while read -r span_start span_end; do
      [ -n "$span_start" ] || continue
      [ "$span_end" -gt "$covered_end" ] || continue
      [ "$span_start" -gt "$covered_end" ] || span_start=$covered_end
      rest_wall=$((rest_wall - (span_end - span_start) / 1000))
      covered_end=$span_end
    done < <(printf '%s\n' "${spans[@]}" | sort -n)
    ci_rows+=("  $label"$'\t'"$rest_wall"$'\t'"$rest_cpu"$'\t')
  fi
  ci_stage=''
}

ci_exit() {
  local status=$? row name wall cpu note
  # set -e ended the script inside a stage: that stage failed.
  if [ -n "$ci_stage" ]; then ci_stage_ended "$status"; fi
  ci_clock
  echo "ci: stage                              wall s     cpu s"
  for row in "${ci_rows[@]}"; do
    IFS=$'\t' read -r name wall cpu note <<< "$row"
    printf 'ci: %-32s %8s  %8s%s\n' "$name" "$(ci_seconds "$wall")" "$(ci_seconds "$cpu")" "${note:+  $note}"
  done
  ci_cpu
  note=passed
  [ "$status" -eq 0 ] || note="FAILED (exit $status)"
  printf 'ci: %-32s %8s  %8s  %s\n' 'total' "$(ci_seconds $(((ci_us - ci_run_start) / 1000)))" "$(ci_seconds "$ci_ms")" "$note"
  rm -f "$ci_times_file" "$CI_SUBSTAGES"
  exit "$status"
}

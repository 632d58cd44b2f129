#!/usr/bin/env bash
# Installs what the browser tests need and npm cannot provide: Debian's Chromium and CJK fonts.
# Idempotent: does nothing when both are present. Needs root (or sudo) and Debian's apt.
set -euo pipefail
for arg in "$@"; do
  if [ "$arg" = --help ] || [ "$arg" = -h ]; then
    printf '%s\n' 'usage: npm run setup:browser   (bash scripts/setup-browser.sh)' \
      "Installs Debian's chromium and fonts-noto-cjk with apt-get (as root, else with sudo) for the" \
      'browser tests; does nothing when both are there.'
    exit 0
  fi
done
need=()
[ -x /usr/bin/chromium ] || need+=(chromium)
fc-list 2>/dev/null | grep -qi 'Noto Sans CJK' || need+=(fonts-noto-cjk)
if [ ${#need[@]} -eq 0 ]; then
  echo "setup-browser: chromium and fonts-noto-cjk already installed" >&2
  exit 0
fi
SUDO=""
[ "$(id -u)" -eq 0 ] || SUDO="sudo"
echo "setup-browser: installing ${need[*]}" >&2
$SUDO apt-get update -qq
DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq --no-install-recommends "${need[@]}" >/dev/null

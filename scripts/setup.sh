#!/usr/bin/env bash
# Prepare a checkout for playing and testing Tacocat. Idempotent and fast when done.
#
#   bash scripts/setup.sh             # .venv + Python test deps, node_modules, runtime/
#   bash scripts/setup.sh --browser   # ... and make sure a Chromium for the e2e tests exists
#
# Steps (each skipped when already up to date):
#   1. .venv (python3 -m venv) + `pip install -e '.[test]'`, stamped on pyproject.toml
#   2. `npm ci` (exact pins from package-lock.json), stamped on package.json + lockfile
#   3. scripts/build_runtime.py -> runtime/ (self-hosted Pyodide + PyScript, with the
#      trimmed standard library compiled by Pyodide under Node: ~30 s the first time),
#      scripts/build_app.py -> app.zip (the game's Python, source only, for `make serve`),
#      scripts/build_precache.py -> precache.js (the service worker's file list)
#   4. (--browser) /usr/bin/chromium and chromium-headless-shell via apt-get when root,
#      else Playwright's Chromium
#   5. (--browser) a Devanagari font (Debian fonts-lohit-deva-marathi) when none is installed
#   6. (--browser) Firefox ESR and WebKitGTK's WebDriver + MiniBrowser + Xvfb (Debian
#      firefox-esr, webkit2gtk-driver, xvfb) via apt-get when root, for e2e/engines/;
#      elsewhere those smoke tests are skipped unless the packages are installed
#
# Environment: PYTHON (interpreter for the venv, default python3), FORCE=1 (redo 1 and 2),
# TACOCAT_FULL_STDLIB=1 (ship Pyodide's untrimmed standard library instead).
set -euo pipefail

cd "$(dirname "$0")/.."
ROOT=$(pwd)

WANT_BROWSER=0
for arg in "$@"; do
    case "$arg" in
        --browser) WANT_BROWSER=1 ;;
        -h|--help) sed -n '2,16p' "$0"; exit 0 ;;
        *) echo "setup: unknown argument: $arg" >&2; exit 2 ;;
    esac
done

PYTHON=${PYTHON:-python3}
VENV="$ROOT/.venv"
VPY="$VENV/bin/python"
export PIP_DISABLE_PIP_VERSION_CHECK=1 PIP_NO_INPUT=1
export DEBIAN_FRONTEND=noninteractive
export npm_config_fund=false npm_config_audit=false npm_config_update_notifier=false

log() { printf 'setup: %s\n' "$*"; }
die() { printf 'setup: error: %s\n' "$*" >&2; exit 1; }
is_root() { [ "$(id -u)" = 0 ]; }
have() { command -v "$1" >/dev/null 2>&1; }
sha() { cat "$@" 2>/dev/null | sha256sum | cut -d' ' -f1; }
SECONDS=0

apt_install() {
    # Debian/Ubuntu packages, only when running as root.
    is_root && have apt-get || return 1
    if [ -z "${_APT_UPDATED:-}" ]; then
        apt-get update -qq || return 1
        _APT_UPDATED=1
    fi
    apt-get install -y -qq "$@"
}

# --- 1. Python virtualenv -----------------------------------------------------
have "$PYTHON" || die "$PYTHON not found; install Python >= 3.11 (or set PYTHON=...)"
"$PYTHON" -c 'import sys; sys.exit(sys.version_info < (3, 11))' \
    || die "$PYTHON is $("$PYTHON" -V 2>&1); Python >= 3.11 is required (or set PYTHON=...)"

if [ -x "$VPY" ] && ! "$VPY" -c '' 2>/dev/null; then
    log ".venv is broken (its Python moved?); recreating"
    rm -rf "$VENV"
fi
if [ ! -x "$VPY" ]; then
    log "creating .venv with $("$PYTHON" -V 2>&1)"
    if ! "$PYTHON" -m venv "$VENV"; then
        rm -rf "$VENV"
        log "python3 -m venv failed; trying the Debian python3-venv package"
        apt_install python3-venv || die "cannot create a venv: install python3-venv"
        "$PYTHON" -m venv "$VENV"
    fi
fi

# The stamp covers what `pip install -e` depends on: the dependency list, the
# interpreter, and which top-level packages exist (the editable finder maps them
# at install time).
PY_STAMP="$VENV/.tacocat-setup"
py_key=$( { cat pyproject.toml; "$VPY" -VV; ls -d tacocat/__init__.py 2>/dev/null || true; } \
    | sha256sum | cut -d' ' -f1)
if [ "${FORCE:-0}" != 1 ] && [ -f "$PY_STAMP" ] && [ "$(cat "$PY_STAMP")" = "$py_key" ]; then
    log "python deps up to date"
else
    log "installing python deps: pip install -e '.[test]'"
    t0=$SECONDS
    "$VPY" -m pip install --quiet -e '.[test]'
    echo "$py_key" > "$PY_STAMP"
    log "python deps installed in $((SECONDS - t0)) s"
fi

# --- 2. npm packages (exact pins from the lockfile) --------------------------
if ! have npm; then
    log "npm not found; trying the Debian nodejs/npm packages"
    apt_install nodejs npm || die "npm not found: install Node.js >= 20 with npm"
fi
NPM_STAMP="node_modules/.tacocat-setup"
npm_key=$(sha package.json package-lock.json)
if [ "${FORCE:-0}" != 1 ] && [ -f "$NPM_STAMP" ] && [ "$(cat "$NPM_STAMP")" = "$npm_key" ]; then
    log "node_modules up to date"
else
    log "installing npm packages: npm ci"
    t0=$SECONDS
    npm ci --no-audit --no-fund --loglevel=error
    echo "$npm_key" > "$NPM_STAMP"
    log "npm packages installed in $((SECONDS - t0)) s"
fi

# --- 3. runtime/ ---------------------------------------------------------------
"$VPY" -m scripts.build_runtime --quiet
log "runtime/ built ($("$VPY" -c 'import json; m = json.load(open("runtime/manifest.json")); print(len(m["files"]), "files,", m["total_bytes"], "bytes")'))"
# The game's archive and the service worker's precache list for the repo-root site
# (skipped until the page exists).
if [ -f index.html ]; then
    "$VPY" -m scripts.build_app --quiet
    "$VPY" -m scripts.build_precache --quiet || log "warning: precache.js not built (offline mode off)"
fi

# --- 4. Chromium for the browser tests ------------------------------------------
if [ "$WANT_BROWSER" = 1 ]; then
    if [ -x /usr/bin/chromium ]; then
        log "chromium: /usr/bin/chromium"
    elif is_root && have apt-get; then
        log "installing Debian chromium (apt-get)"
        t0=$SECONDS
        _APT_UPDATED=
        apt_install chromium || die "apt-get install chromium failed"
        [ -x /usr/bin/chromium ] || die "apt-get installed chromium but /usr/bin/chromium is missing"
        log "chromium installed in $((SECONDS - t0)) s"
    else
        log "installing Playwright's Chromium (python -m playwright install chromium)"
        "$VPY" -m playwright install chromium
    fi
    # The same engine without the browser's windows and services: what the tests drive
    # when present (e2e/conftest.py; a page's start costs about a quarter less CPU).
    if [ -x /usr/bin/chromium ] && [ ! -x /usr/bin/chromium-headless-shell ] \
            && is_root && have apt-get; then
        log "installing Debian chromium-headless-shell (apt-get)"
        apt_install chromium-headless-shell \
            || log "warning: no chromium-headless-shell; the tests drive /usr/bin/chromium"
    fi
fi

# --- 5. A Devanagari font, so the Marathi (mr) page renders with system fonts --------------
if [ "$WANT_BROWSER" = 1 ] && have fc-list && [ -z "$(fc-list :lang=mr 2>/dev/null)" ]; then
    if is_root && have apt-get; then
        log "installing a Devanagari font for Marathi (fonts-lohit-deva-marathi)"
        apt_install fonts-lohit-deva-marathi || log "warning: no Devanagari font; Marathi shows boxes"
    else
        log "warning: no Devanagari font (fc-list :lang=mr); install one to check Marathi"
    fi
fi

# --- 6. Firefox and WebKit for the cross-engine smoke set (e2e/engines/) ----------------
if [ "$WANT_BROWSER" = 1 ]; then
    MINIBROWSER=/usr/lib/x86_64-linux-gnu/webkit2gtk-4.1/MiniBrowser
    missing=()
    [ -x /usr/bin/firefox-esr ] || missing+=(firefox-esr)
    { [ -x /usr/bin/WebKitWebDriver ] && [ -x "$MINIBROWSER" ]; } || missing+=(webkit2gtk-driver)
    [ -x /usr/bin/xvfb-run ] && have xauth || missing+=(xvfb xauth)  # xvfb-run needs xauth
    if [ "${#missing[@]}" = 0 ]; then
        log "firefox-esr, WebKitWebDriver, xvfb-run: installed"
    elif is_root && have apt-get; then
        log "installing Debian ${missing[*]} (apt-get)"
        t0=$SECONDS
        apt_install "${missing[@]}" || die "apt-get install ${missing[*]} failed"
        log "${missing[*]} installed in $((SECONDS - t0)) s"
    else
        log "warning: ${missing[*]} missing: the Firefox/WebKit smoke tests will be skipped"
    fi
fi

log "done in ${SECONDS} s"

#!/usr/bin/env bash
# Builds the engine natively and for WebAssembly, and the page and the npm package.
#
#   ./build.sh          build everything (native CLI, pkg/ with the wasm, dist/ with the page and the API reference)
#   ./build.sh serve    build, then serve the page on http://localhost:$PORT (default 8080)
#   ./build.sh test     build, then run every test (Rust, TypeScript, Node, Chromium);
#                       ./build.sh test rust|types|node|browser runs one suite
#   ./build.sh page     copy the page into dist/ (after a build: www/ changes only)
#
# On a fresh Debian machine it installs what is missing: a wasm32 std through
# rustup when it can be downloaded, else Debian's rustc-web, cargo-web,
# rust-web-src and lld-22 with -Zbuild-std; and wasm-bindgen-cli at exactly the
# version of the wasm-bindgen crate in Cargo.lock (reused when already on PATH).
# OTHELLO_WASM_TOOLCHAIN=debian forces the Debian route.
set -euo pipefail
cd "$(dirname "$0")"
ROOT=$(pwd)
WASM_TARGET=wasm32-unknown-unknown
WASM_TARGET_DIR="$ROOT/target/wasm"
APT_UPDATED=no

log() { printf '\033[1m==> %s\033[0m\n' "$*" >&2; }

as_root() {
  if [ "$(id -u)" -eq 0 ]; then "$@"; else sudo "$@"; fi
}

# Installs the Debian packages given that are not installed yet.
apt_install() {
  local missing=()
  for package in "$@"; do
    dpkg -s "$package" >/dev/null 2>&1 || missing+=("$package")
  done
  [ ${#missing[@]} -eq 0 ] && return 0
  log "installing Debian packages: ${missing[*]}"
  if [ "$APT_UPDATED" = no ]; then
    as_root apt-get update -q
    APT_UPDATED=yes
  fi
  as_root env DEBIAN_FRONTEND=noninteractive apt-get install -y -q "${missing[@]}" </dev/null
}

# Sets WASM_CARGO (a command array) to a cargo that can build for wasm32.
choose_wasm_toolchain() {
  if [ "${OTHELLO_WASM_TOOLCHAIN:-}" != debian ] && command -v rustup >/dev/null 2>&1; then
    if rustup target list --installed 2>/dev/null | grep -qx "$WASM_TARGET" ||
      rustup target add "$WASM_TARGET" >/dev/null 2>&1; then
      if [ -d "$(rustc --print sysroot)/lib/rustlib/$WASM_TARGET/lib" ]; then
        log "wasm32 std from rustup"
        WASM_CARGO=(cargo build --release -p othello-wasm --lib --target "$WASM_TARGET")
        return
      fi
    fi
  fi
  log "wasm32 std through Debian's rustc-web with -Zbuild-std"
  apt_install rustc-web cargo-web rust-web-src lld-22
  WASM_CARGO=(env RUSTC=/usr/bin/rustc RUSTDOC=/usr/bin/rustdoc RUSTC_BOOTSTRAP=1
    /usr/bin/cargo build --release -p othello-wasm --lib --target "$WASM_TARGET" -Zbuild-std=std,panic_abort)
}

# The version of the wasm-bindgen crate that Cargo.lock pins.
locked_bindgen_version() {
  awk '/^name = "wasm-bindgen"$/ { getline; gsub(/version = |"/, ""); print; exit }' Cargo.lock
}

ensure_wasm_bindgen() {
  local version
  version=$(locked_bindgen_version)
  if command -v wasm-bindgen >/dev/null 2>&1 &&
    [ "$(wasm-bindgen --version | awk '{print $2}')" = "$version" ]; then
    return
  fi
  log "installing wasm-bindgen-cli $version (a few minutes, once)"
  # --locked first; if the registry lacks a locked dependency, let cargo resolve.
  cargo install wasm-bindgen-cli --version "=$version" --locked ||
    cargo install wasm-bindgen-cli --version "=$version"
}

ensure_node() {
  command -v node >/dev/null 2>&1 || apt_install nodejs npm
}

build_native() {
  log "native build"
  cargo build --release
}

# Both wasm builds use WebAssembly's 128-bit SIMD (every current browser and
# Node 16.4+ run it): the compiler vectorizes the evaluation's pattern sums
# (docs/benchmarks.md: bench 3-4% faster, evaluations per second +15%).
WASM_RUSTFLAGS="-C target-feature=+simd128"

# Makes $1 (a folder of pkg/) from the wasm cargo built under target dir $2.
bindgen_into() {
  rm -rf "$1"
  wasm-bindgen --target web --out-dir "$1" --out-name othello "$2/$WASM_TARGET/release/othello_wasm.wasm"
  log "$1/othello_bg.wasm: $(stat -c %s "$1/othello_bg.wasm") bytes"
}

# Builds the wasm into $1 (a folder of pkg/); further arguments go to cargo.
build_wasm_into() {
  local out=$1
  shift
  CARGO_TARGET_DIR="$WASM_TARGET_DIR" RUSTFLAGS="$WASM_RUSTFLAGS" "${WASM_CARGO[@]}" "$@"
  bindgen_into "$out" "$WASM_TARGET_DIR"
}

# The threaded build (pkg/wasm-threads/) needs a std compiled with atomics
# and bulk memory: -Zbuild-std from rustup's rust-src, else from Debian's
# rust-web-src. Its memory is shared (imported by the glue, at most 1 GiB)
# and it exports the thread-local storage hooks wasm-bindgen's threads need.
THREADS_TARGET_DIR="$ROOT/target/wasm-threads"
THREADS_RUSTFLAGS="$WASM_RUSTFLAGS -C target-feature=+atomics,+bulk-memory,+mutable-globals \
-C link-arg=--shared-memory -C link-arg=--import-memory -C link-arg=--max-memory=1073741824 \
-C link-arg=--export=__wasm_init_tls -C link-arg=--export=__tls_size \
-C link-arg=--export=__tls_align -C link-arg=--export=__tls_base"

choose_threads_toolchain() {
  if [ "${OTHELLO_WASM_TOOLCHAIN:-}" != debian ] && [ "${WASM_CARGO[0]}" = cargo ] &&
    { rustup component list --installed 2>/dev/null | grep -q '^rust-src' ||
      rustup component add rust-src >/dev/null 2>&1; }; then
    log "threaded wasm: std with atomics from rustup's rust-src (-Zbuild-std)"
    THREADS_CARGO=(env RUSTC_BOOTSTRAP=1 cargo build --release -p othello-wasm --lib
      --target "$WASM_TARGET" -Zbuild-std=std,panic_abort)
    return
  fi
  log "threaded wasm: std with atomics from Debian's rust-web-src (-Zbuild-std)"
  apt_install rustc-web cargo-web rust-web-src lld-22
  THREADS_CARGO=(env RUSTC=/usr/bin/rustc RUSTDOC=/usr/bin/rustdoc RUSTC_BOOTSTRAP=1
    /usr/bin/cargo build --release -p othello-wasm --lib --target "$WASM_TARGET" -Zbuild-std=std,panic_abort)
}

# Builds the threaded wasm into $1 (a folder of pkg/); further arguments go to cargo.
build_threads_wasm_into() {
  local out=$1
  shift
  CARGO_TARGET_DIR="$THREADS_TARGET_DIR" RUSTFLAGS="$THREADS_RUSTFLAGS" "${THREADS_CARGO[@]}" "$@"
  bindgen_into "$out" "$THREADS_TARGET_DIR"
}

build_wasm() {
  choose_wasm_toolchain
  ensure_wasm_bindgen
  log "wasm build"
  build_wasm_into pkg/wasm
  choose_threads_toolchain
  log "wasm build with threads"
  build_threads_wasm_into pkg/wasm-threads
}

# The package's test builds: the same engine with the test hooks (a
# deliberate panic for the crash-recovery tests), in pkg/wasm-test/ and
# pkg/wasm-threads-test/, which the package never ships (package.json lists
# what it does).
build_test_wasm() {
  log "wasm build with the test hooks"
  build_wasm_into pkg/wasm-test --features test-hooks
  build_threads_wasm_into pkg/wasm-threads-test --features test-hooks
}

# dist/ is the page as any static file server can serve it: www/, the
# package's browser files, the explorer's index (pkg/explorer.bin, fetched
# when the explorer opens) and the games the explorer opens, the games file
# cut into files of 1,000 lines (dist/games/000.txt: games 0-999, ...;
# GAMES_PER_FILE in www/explorer.js), fetched one at a time; and the endgame
# trainer's positions (data/trainer/endgame.obf), fetched when it opens.
build_page() {
  rm -rf dist
  mkdir -p dist/pkg dist/games dist/trainer
  cp -r www/. dist/
  rm -f dist/serve.mjs
  cp -rL pkg/index.js pkg/index.d.ts pkg/client.js pkg/client.d.ts pkg/errors.js pkg/loader.js pkg/limits.js pkg/variations.js \
    pkg/threaded.js pkg/threaded.d.ts pkg/other-origin.js pkg/pool.js pkg/worker.js pkg/pool-worker.js pkg/explorer.bin \
    pkg/wasm pkg/wasm-threads dist/pkg/
  gzip -dc data/wthor-games.txt.gz | split -l 1000 -d -a 3 --additional-suffix=.txt - dist/games/
  cp data/trainer/endgame.obf dist/trainer/
}

# The package's API reference in dist/api/, served with the page: TypeDoc
# over pkg/index.d.ts and pkg/client.d.ts (tools/api-docs/ pins TypeDoc and
# the TypeScript 5 it runs on), warnings as errors.
ensure_api_docs_tool() {
  if [ ! -x tools/api-docs/node_modules/.bin/typedoc ] ||
    [ tools/api-docs/package-lock.json -nt tools/api-docs/node_modules ]; then
    log "npm ci (the API reference's TypeDoc)"
    npm ci --prefix tools/api-docs --no-audit --no-fund
  fi
}

build_api_docs() {
  ensure_api_docs_tool
  log "API reference (dist/api/)"
  (cd tools/api-docs && node_modules/.bin/typedoc --options typedoc.json --logLevel Warn)
}

build_all() {
  ensure_node
  build_native
  build_wasm
  build_page
  build_api_docs
}

# Chromium (Debian's; test tools cannot download browsers here) and the
# workspace's dev dependencies (playwright-core, typescript) for the tests.
ensure_test_tools() {
  apt_install chromium chromium-driver
  if [ ! -d node_modules ] || [ package-lock.json -nt node_modules ]; then
    log "npm ci (test tools)"
    npm ci --no-audit --no-fund
  fi
}

# A short coverage-guided pass of each fuzz target in fuzz/ (libFuzzer
# through cargo fuzz, whose nightly features RUSTC_BOOTSTRAP=1 turns on);
# docs/reliability.md has the long run.
FUZZ_SECONDS=${FUZZ_SECONDS:-15}
CARGO_FUZZ_VERSION=0.13.2
ensure_cargo_fuzz() {
  if ! command -v cargo-fuzz >/dev/null 2>&1; then
    log "cargo install cargo-fuzz@$CARGO_FUZZ_VERSION (test tool)"
    cargo install --locked "cargo-fuzz@$CARGO_FUZZ_VERSION"
  fi
}

run_fuzz_pass() {
  ensure_cargo_fuzz
  local target output
  for target in notation moves options; do
    output=$(mktemp)
    if ! (cd fuzz && RUSTC_BOOTSTRAP=1 cargo fuzz run -O "$target" -- \
        -max_total_time="$FUZZ_SECONDS" -print_final_stats=1) >"$output" 2>&1; then
      tail -n 60 "$output"
      rm -f "$output"
      echo "fuzz target $target failed (the input is in fuzz/artifacts/$target/)" >&2
      return 1
    fi
    echo "fuzz $target: $(grep -m1 '^stat::number_of_executed_units' "$output" | awk '{print $2}') inputs in ${FUZZ_SECONDS} s, nothing found"
    rm -f "$output"
  done
}

# The Rust suites: formatting, clippy, the tests, a short fuzzing pass.
run_rust_tests() {
  log "cargo fmt --check"
  cargo fmt --check
  log "cargo clippy"
  cargo clippy --workspace --all-targets -- -D warnings
  log "cargo clippy --features research (the comparison-only code outside the shipped build)"
  cargo clippy -p othello-tools --features research --all-targets -- -D warnings
  log "cargo test"
  cargo test --workspace
  log "cargo fuzz (a short pass of each target)"
  run_fuzz_pass
}

# TypeScript over the package's declarations and JavaScript, a typed example
# with and without the DOM library, and the page's modules (checkJs).
run_type_checks() {
  log "tsc --noEmit (declarations, typed examples, the package's and the page's JavaScript)"
  local config
  for config in examples/tsconfig.json examples/tsconfig.node.json tsconfig.pkg.json tsconfig.page.json tsconfig.sw.json; do
    node_modules/.bin/tsc -p "$config"
  done
}

run_node_tests() {
  log "node --test (the package, its worker client, npm pack)"
  node --test tests/node/
}

run_browser_tests() {
  log "browser tests (Chromium)"
  node --test --test-concurrency=1 tests/browser/
}

# Every suite, or the one named: rust, types, node or browser.
run_tests() {
  ensure_test_tools
  case "${1:-all}" in
    all) run_rust_tests; run_type_checks; run_node_tests; run_browser_tests ;;
    rust) run_rust_tests ;;
    types) run_type_checks ;;
    node) run_node_tests ;;
    browser) run_browser_tests ;;
    *) echo "usage: ./build.sh test [rust|types|node|browser]" >&2; exit 2 ;;
  esac
}

# Installs what the build and the tests need and this machine lacks (each
# step checks first, so a second run installs nothing), building nothing.
setup() {
  ensure_node
  choose_wasm_toolchain
  choose_threads_toolchain
  ensure_wasm_bindgen
  ensure_test_tools
  ensure_api_docs_tool
  ensure_cargo_fuzz
  log "set up: nothing is missing"
}

case "${1:-build}" in
  setup) setup ;;
  build) build_all ;;
  serve)
    build_all
    exec node www/serve.mjs dist "${PORT:-8080}"
    ;;
  page)
    build_page
    # The API reference too, where its tool is installed (./build.sh installs it).
    if [ -x tools/api-docs/node_modules/.bin/typedoc ]; then build_api_docs; fi
    ;;
  test)
    build_all
    build_test_wasm
    run_tests "${2:-all}"
    log "${2:-all} tests passed"
    ;;
  *)
    echo "usage: ./build.sh [setup|build|serve|page|test [rust|types|node|browser]]" >&2
    exit 2
    ;;
esac

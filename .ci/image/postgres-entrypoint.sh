#!/bin/sh
# Entrypoint of the local PostgreSQL 15 image (.ci/image/base-image.sh postgres), with the part of
# the official postgres image's interface that deploy/compose.yaml uses: on first start an empty
# PGDATA gets a cluster whose superuser is POSTGRES_USER (password POSTGRES_PASSWORD, asked of
# every client that connects over the network) and a database POSTGRES_DB; then the server runs
# as the postgres user, listening on every address.
set -eu
: "${PGDATA:=/var/lib/postgresql/data}"
: "${POSTGRES_USER:=postgres}"
: "${POSTGRES_DB:=$POSTGRES_USER}"

if [ "$(id -u)" = 0 ]; then
  mkdir -p "$PGDATA" /run/postgresql
  chown -R postgres:postgres "$PGDATA" /run/postgresql
  chmod 700 "$PGDATA"
  exec setpriv --reuid=postgres --regid=postgres --init-groups "$0" "$@"
fi

if [ ! -s "$PGDATA/PG_VERSION" ]; then
  : "${POSTGRES_PASSWORD:?POSTGRES_PASSWORD is not set}"
  pwfile=$(mktemp)
  printf '%s\n' "$POSTGRES_PASSWORD" >"$pwfile"
  initdb --pgdata="$PGDATA" --username="$POSTGRES_USER" --pwfile="$pwfile" \
    --encoding=UTF8 --locale=C.UTF-8 --auth-local=trust --auth-host=scram-sha-256 >/dev/null
  rm -f "$pwfile"
  printf 'host all all all scram-sha-256\n' >>"$PGDATA/pg_hba.conf"
  if [ "$POSTGRES_DB" != postgres ]; then
    echo "CREATE DATABASE \"$POSTGRES_DB\";" |
      postgres --single -D "$PGDATA" -j postgres >/dev/null
  fi
  echo "PostgreSQL: cluster made in $PGDATA, database $POSTGRES_DB, user $POSTGRES_USER"
fi

if [ "${1:-}" = postgres ]; then
  shift
  exec postgres -D "$PGDATA" -c listen_addresses='*' "$@"
fi
exec "$@"

# A throwaway PostgreSQL server for the API tests: its own cluster in a temporary folder, on a
# free port of 127.0.0.1, trust authentication, no fsync. Nothing of the machine's own clusters
# is used or touched.
#
# Sourced by .ci/run:  ci_postgres_start (exports TEST_DATABASE_URL), ci_postgres_stop.
# Run directly (as root) for a server to test against by hand: bash .ci/postgres.sh

ci_postgres_start() {
  local bin
  bin=$(find /usr/lib/postgresql -mindepth 2 -maxdepth 2 -name bin -type d 2>/dev/null | sort -V | tail -n 1)
  if [[ -z "$bin" ]]; then
    echo "PostgreSQL is not installed (no /usr/lib/postgresql/*/bin)" >&2
    return 1
  fi
  CI_PG_BIN=$bin
  CI_PG_DIR=$(mktemp -d -t proshop-pg.XXXXXX)
  CI_PG_PORT=$(node -e "
    const server = require('node:net').createServer();
    server.listen(0, '127.0.0.1', () => { console.log(server.address().port); server.close(); });")
  # The server refuses to run as root, so the cluster belongs to the postgres user.
  chown postgres:postgres "$CI_PG_DIR"
  (
    cd "$CI_PG_DIR"
    # C.UTF-8, as docs/deploy.md tells merchants: with plain C, lower() folds only A-Z and a search
    # for "über" would miss "Über" on PostgreSQL while finding it on PGlite.
    runuser -u postgres -- "$bin/initdb" --pgdata="$CI_PG_DIR/data" --username=postgres \
      --auth=trust --encoding=UTF8 --locale=C.UTF-8 --no-sync >"$CI_PG_DIR/initdb.log" 2>&1 ||
      { cat "$CI_PG_DIR/initdb.log" >&2; exit 1; }
    runuser -u postgres -- "$bin/pg_ctl" start --pgdata="$CI_PG_DIR/data" --wait --timeout=60 \
      --log="$CI_PG_DIR/server.log" --silent \
      -o "-p $CI_PG_PORT -k $CI_PG_DIR -c listen_addresses=127.0.0.1 -c max_connections=200 -c fsync=off -c synchronous_commit=off -c full_page_writes=off" ||
      { cat "$CI_PG_DIR/server.log" >&2; exit 1; }
    runuser -u postgres -- "$bin/createdb" --host=127.0.0.1 --port="$CI_PG_PORT" \
      --username=postgres proshop_test
  ) || return 1
  export TEST_DATABASE_URL="postgres://postgres@127.0.0.1:$CI_PG_PORT/proshop_test"
  echo "PostgreSQL $("$bin/postgres" --version | awk '{print $3}') is running for the tests at $TEST_DATABASE_URL"
}

ci_postgres_stop() {
  [[ -n "${CI_PG_DIR:-}" ]] || return 0
  if [[ -f "$CI_PG_DIR/data/postmaster.pid" ]]; then
    (cd "$CI_PG_DIR" && runuser -u postgres -- "$CI_PG_BIN/pg_ctl" stop --pgdata="$CI_PG_DIR/data" \
      --mode=immediate --wait --silent) || true
  fi
  rm -rf "$CI_PG_DIR"
  CI_PG_DIR=
}

if [[ "${BASH_SOURCE[0]}" == "$0" ]]; then
  set -euo pipefail
  trap ci_postgres_stop EXIT
  ci_postgres_start
  echo "Press Ctrl-C to stop it and delete its data."
  # Waiting on a background sleep lets the signal traps run at once.
  sleep infinity &
  trap 'kill $! 2>/dev/null; exit 0' INT TERM
  wait $!
fi

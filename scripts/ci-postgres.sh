# Source this (as root, after `apt-get install postgresql`): starts a PostgreSQL cluster for the
# tests on 127.0.0.1, creates a role that may create databases, and exports TEST_DATABASE_URL.
# Each PostgreSQL test creates and drops its own database.
#
# The cluster keeps its files in memory (/dev/shm) when there is room: every test file creates
# and drops a database of a few hundred files, and on ext4 the kernel's search for a free inode
# among recently deleted ones took a sixth of the unit suite's CPU while old test folders filled
# /tmp (decision 0101). With PG_TEST_ON_DISK=1, or less than 2 GiB free in /dev/shm, it is
# Debian's main cluster on 5432, on disk, as the benches want (docs/performance.md).
pg_version=$(ls /usr/lib/postgresql | sort -V | tail -n 1)
pg_memory_dir=/dev/shm/reelsmith-postgresql
pg_shm_free_kib=$(df --output=avail -k /dev/shm 2>/dev/null | tail -n 1 | tr -d ' ')
if [ -z "${PG_TEST_ON_DISK:-}" ] && [ "${pg_shm_free_kib:-0}" -ge 2097152 ]; then
  pg_cluster=reelsmith-tests
  pg_port=5433
  # After a reboot the cluster's settings are still there and its files are not: made again.
  if grep -q "^$pg_version $pg_cluster " <<<"$(pg_lsclusters -h 2>/dev/null)" && [ ! -d "$pg_memory_dir/data" ]; then
    pg_dropcluster --stop "$pg_version" "$pg_cluster"
  fi
  if ! grep -q "^$pg_version $pg_cluster " <<<"$(pg_lsclusters -h)"; then
    install -d -o postgres -g postgres "$pg_memory_dir"
    pg_createcluster -d "$pg_memory_dir/data" -p "$pg_port" "$pg_version" "$pg_cluster" >/dev/null
  fi
else
  pg_cluster=main
  pg_port=5432
fi
if ! grep -q "^$pg_version $pg_cluster .* online" <<<"$(pg_lsclusters -h 2>/dev/null)"; then
  pg_ctlcluster "$pg_version" "$pg_cluster" start
fi
for _ in $(seq 1 30); do
  pg_isready -q -h 127.0.0.1 -p "$pg_port" && break
  sleep 1
done
pg_admin() { runuser -u postgres -- psql -p "$pg_port" -q -v ON_ERROR_STOP=1 "$@"; }
pg_admin -c "DO \$\$ BEGIN
  IF NOT EXISTS (SELECT FROM pg_roles WHERE rolname = 'reelsmith') THEN
    CREATE ROLE reelsmith LOGIN CREATEDB PASSWORD 'reelsmith';
  END IF; END \$\$;"
# Each test file drops its database WITH (FORCE). An autovacuum worker may be in it (tests
# insert and delete thousands of rows), and PostgreSQL 15 lets a role end that worker only as a
# member of pg_signal_backend: without it the drop fails ("must be a member of the role whose
# process is being terminated"), now and then, more often with files running side by side.
pg_admin -c "GRANT pg_signal_backend TO reelsmith;" 2>/dev/null
pg_admin -tc "SELECT 1 FROM pg_database WHERE datname = 'reelsmith'" | grep -q 1 \
  || runuser -u postgres -- createdb -p "$pg_port" -O reelsmith reelsmith
export TEST_DATABASE_URL="postgres://reelsmith:reelsmith@127.0.0.1:$pg_port/reelsmith"
echo "PostgreSQL $pg_version ($pg_cluster) ready: TEST_DATABASE_URL=$TEST_DATABASE_URL"
unset pg_version pg_memory_dir pg_shm_free_kib pg_cluster pg_port
unset -f pg_admin

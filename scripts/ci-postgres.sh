# Source this (as root, after `apt-get install postgresql`): starts the Debian cluster on
# 127.0.0.1:5432, creates a role that may create databases, and exports TEST_DATABASE_URL.
# Each PostgreSQL test creates and drops its own database.
pg_version=$(ls /usr/lib/postgresql | sort -V | tail -n 1)
if ! pg_lsclusters -h | grep -q "^$pg_version main .* online"; then
  pg_ctlcluster "$pg_version" main start
fi
for _ in $(seq 1 30); do
  pg_isready -q -h 127.0.0.1 -p 5432 && break
  sleep 1
done
runuser -u postgres -- psql -q -v ON_ERROR_STOP=1 -c "DO \$\$ BEGIN
  IF NOT EXISTS (SELECT FROM pg_roles WHERE rolname = 'reelsmith') THEN
    CREATE ROLE reelsmith LOGIN CREATEDB PASSWORD 'reelsmith';
  END IF; END \$\$;"
# Each test file drops its database WITH (FORCE). An autovacuum worker may be in it (tests
# insert and delete thousands of rows), and PostgreSQL 15 lets a role end that worker only as a
# member of pg_signal_backend: without it the drop fails ("must be a member of the role whose
# process is being terminated"), now and then, more often with files running side by side.
runuser -u postgres -- psql -q -v ON_ERROR_STOP=1 -c "GRANT pg_signal_backend TO reelsmith;"
runuser -u postgres -- psql -q -tc "SELECT 1 FROM pg_database WHERE datname = 'reelsmith'" | grep -q 1 \
  || runuser -u postgres -- createdb -O reelsmith reelsmith
export TEST_DATABASE_URL="postgres://reelsmith:reelsmith@127.0.0.1:5432/reelsmith"
echo "PostgreSQL $pg_version ready: TEST_DATABASE_URL=$TEST_DATABASE_URL"

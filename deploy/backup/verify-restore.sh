#!/usr/bin/env bash
# Proves a backup restores: dumps a database (pg_dump, custom format), restores the dump into a fresh database and
# compares the row count of every table of the copy with the source's counts taken in the dump's own snapshot, so a
# running application writing meanwhile cannot cause a false mismatch. docs/operations-backup.md explains it.
#
#   verify-restore.sh SOURCE_DB [COPY_DB]      dump, restore, compare, then drop the copy (KEEP_COPY=1 keeps it)
#   verify-restore.sh --compare DB_A DB_B      compare the row counts of two databases as they are now
#
# Connection settings come from the libpq environment (PGHOST, PGPORT, PGUSER, PGPASSWORD). The account must be a
# superuser or have BYPASSRLS: every tenant table forces row-level security, so anyone else counts zero rows on
# both sides and would "match". DUMP_FILE keeps the dump at that path (default: a temporary file, removed).
# Exit status: 0 when every table matches, 1 on a mismatch, 2 on a usage or database error.
set -euo pipefail
export LC_ALL=C

PSQL=(psql -X -q -A -t -v ON_ERROR_STOP=1)

# One row "table|count" per table of the public schema, in name order.
COUNTS_SQL="select c.relname || '|' || (xpath('/row/n/text()',
        query_to_xml(format('select count(*) as n from public.%I', c.relname), false, true, '')))[1]::text
    from pg_class c
    where c.relnamespace = 'public'::regnamespace and c.relkind in ('r', 'p')
    order by c.relname;"

die() { echo "verify-restore: $*" >&2; exit 2; }

check_privilege() {
    local ok
    ok=$("${PSQL[@]}" -d "$1" -c "select rolsuper or rolbypassrls from pg_roles where rolname = current_user") \
        || die "cannot connect to $1"
    [[ "$ok" == "t" ]] || die "${PGUSER:-$(whoami)} is neither superuser nor BYPASSRLS: row-level security would hide the rows"
}

# compare NAME_A FILE_A NAME_B FILE_B: prints one line per table and returns 1 on any difference.
compare() {
    local status=0
    printf '%-32s %12s %12s\n' table "$1" "$3"
    while IFS='|' read -r table a b; do
        if [[ "$a" == "$b" ]]; then
            printf '%-32s %12s %12s  ok\n' "$table" "$a" "$b"
        else
            printf '%-32s %12s %12s  MISMATCH\n' "$table" "${a:--}" "${b:--}"
            status=1
        fi
    done < <(join -t '|' -a 1 -a 2 -e '' -o '0,1.2,2.2' <(sort "$2") <(sort "$4"))
    return $status
}

if [[ "${1:-}" == "--compare" ]]; then
    [[ $# -eq 3 ]] || die "usage: $0 --compare DB_A DB_B"
    check_privilege "$2"
    work=$(mktemp -d)
    trap 'rm -rf "$work"' EXIT
    "${PSQL[@]}" -d "$2" -c "$COUNTS_SQL" > "$work/a"
    "${PSQL[@]}" -d "$3" -c "$COUNTS_SQL" > "$work/b"
    if compare "$2" "$work/a" "$3" "$work/b"; then
        echo "verify-restore: every table of $3 has the rows of $2"
    else
        echo "verify-restore: $3 differs from $2" >&2
        exit 1
    fi
    exit 0
fi

[[ $# -ge 1 && $# -le 2 ]] || die "usage: $0 SOURCE_DB [COPY_DB]  |  $0 --compare DB_A DB_B"
source_db=$1
copy_db=${2:-${source_db:0:40}_restore_check_$$}
check_privilege "$source_db"

work=$(mktemp -d)
dump=${DUMP_FILE:-$work/backup.dump}
snapshot_pid=
cleanup() {
    [[ -n "$snapshot_pid" ]] && kill "$snapshot_pid" 2>/dev/null || true
    if [[ "${KEEP_COPY:-0}" != "1" && -n "${created_copy:-}" ]]; then
        dropdb --if-exists "$copy_db" || true
    fi
    rm -rf "$work"
}
trap cleanup EXIT

# A session that holds a repeatable-read snapshot open: pg_dump --snapshot dumps exactly what this session counts.
mkfifo "$work/in"
"${PSQL[@]}" -d "$source_db" < "$work/in" > "$work/snapshot.out" 2>&1 &
snapshot_pid=$!
exec 3> "$work/in"
echo "begin isolation level repeatable read read only; select pg_export_snapshot();" >&3
for _ in $(seq 1 300); do
    [[ -s "$work/snapshot.out" ]] && break
    sleep 0.1
done
snapshot=$(head -1 "$work/snapshot.out")
[[ "$snapshot" =~ ^[0-9A-F-]+$ ]] || die "could not export a snapshot: $snapshot"

echo "verify-restore: dumping $source_db (snapshot $snapshot) to $dump"
pg_dump --format=custom --snapshot="$snapshot" --file="$dump" "$source_db"

# The source's counts in the same snapshot, then let the session go.
printf '%s\n\\echo __END__\ncommit;\n' "$COUNTS_SQL" >&3
exec 3>&-
wait "$snapshot_pid" || die "the snapshot session failed: $(cat "$work/snapshot.out")"
snapshot_pid=
sed -n '2,/^__END__$/p' "$work/snapshot.out" | grep -v '^__END__$' > "$work/source.counts"

echo "verify-restore: restoring into the fresh database $copy_db"
createdb --template=template0 "$copy_db"
created_copy=1
pg_restore --exit-on-error --dbname="$copy_db" "$dump"

"${PSQL[@]}" -d "$copy_db" -c "$COUNTS_SQL" > "$work/copy.counts"
if compare "$source_db" "$work/source.counts" "$copy_db" "$work/copy.counts"; then
    echo "verify-restore: the restored copy has every row of the dump ($(wc -l < "$work/source.counts") tables)"
else
    echo "verify-restore: the restored copy differs from $source_db" >&2
    exit 1
fi

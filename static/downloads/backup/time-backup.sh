#!/bin/bash
# Backup of a Time installation on Docker Compose (/opt/time-compose): the database first, then
# the files, so that every attachment the dump refers to is already on disk when the files are copied.
# Install as /usr/local/sbin/time-backup.sh (mode 700) and run it from time-backup.timer or cron.
set -euo pipefail
umask 077

COMPOSE_DIR="${COMPOSE_DIR:-/opt/time-compose}"
BACKUP_ROOT="${BACKUP_ROOT:-/var/backups/time}"
KEEP_DAYS="${KEEP_DAYS:-14}"
# Optional rsync target on another host, e.g. backup@backup.example.ru:/srv/backup/time
REMOTE="${REMOTE:-}"

log() { printf '%s time-backup: %s\n' "$(date -u +%FT%TZ)" "$*"; }
fail() { log "ERROR: $*"; exit 1; }

[[ -f "$COMPOSE_DIR/docker-compose.yml" ]] || fail "$COMPOSE_DIR/docker-compose.yml not found (set COMPOSE_DIR)"
[[ "$KEEP_DAYS" =~ ^[0-9]+$ ]] || fail "KEEP_DAYS must be a whole number of days, got '$KEEP_DAYS'"
command -v rsync > /dev/null || fail "rsync is not installed (apt-get install -y rsync)"
cd "$COMPOSE_DIR"

stamp="$(date -u +%Y%m%dT%H%M%SZ)"
dest="$BACKUP_ROOT/$stamp"
mkdir -p "$dest"
started_s="$(date +%s)"
# Rows created before this moment are in the dump; the restore drill counts them on both sides.
started_ms="$(date +%s%3N)"
log "backup $dest started"

# 1. Database: custom format, compressed, restorable by pg_restore in several jobs.
#    -T keeps the binary stream intact; the credentials come from the container's own environment.
docker compose exec -T postgres sh -c 'pg_dump -U "$POSTGRES_USER" -d "$POSTGRES_DB" -Fc' > "$dest/time-db.dump.part"
docker compose exec -T postgres pg_restore --list < "$dest/time-db.dump.part" > "$dest/time-db.toc" \
  || fail "pg_restore cannot read the new dump; it is kept as $dest/time-db.dump.part"
mv "$dest/time-db.dump.part" "$dest/time-db.dump"
log "database dump done: $(du -h "$dest/time-db.dump" | cut -f1)"

# 2. Configuration, secrets, certificates and plugins: small, copied whole every time.
tar -czf "$dest/time-config.tar.gz" .env docker-compose.yml nginx certs \
  volumes/time/config volumes/time/plugins volumes/time/client-plugins

# 3. Files on local disk: a hard-linked snapshot, so unchanged files take no extra space.
#    With S3 (FILE_DRIVER=amazons3) the bucket is protected by versioning and replication instead.
driver="$(sed -n 's/^FILE_DRIVER=//p' .env | tail -n 1)"
if [[ "${driver:-local}" == "local" ]]; then
  link_dest=()
  [[ -d "$BACKUP_ROOT/latest/data" ]] && link_dest=(--link-dest="$BACKUP_ROOT/latest/data")
  rsync -a "${link_dest[@]}" volumes/time/data/ "$dest/data/"
  log "files copied: $(find "$dest/data" -type f | wc -l) files"
else
  log "file storage is '$driver': files are not copied here, protect the bucket (versioning, replication)"
fi

# 4. Manifest and checksums: what the restore drill compares against.
{
  echo "stamp=$stamp"
  echo "started_ms=$started_ms"
  echo "file_driver=${driver:-local}"
  echo "server_version=$(docker compose exec -T time timectl system version 2> /dev/null | tr '\n' ' ' || echo unknown)"
} > "$dest/MANIFEST"
# find leaves SHA256SUMS out, so the pipeline never reads the file it writes.
# shellcheck disable=SC2094
(cd "$dest" && find . -type f ! -name SHA256SUMS ! -path './data/*' -print0 | xargs -0 sha256sum > SHA256SUMS)
ln -sfn "$dest" "$BACKUP_ROOT/latest"

# 5. Retention on this host; the copy elsewhere keeps its own.
find "$BACKUP_ROOT" -mindepth 1 -maxdepth 1 -type d -name '20*Z' -mtime +"$KEEP_DAYS" -exec rm -rf {} +

if [[ -n "$REMOTE" ]]; then
  rsync -a "$dest" "$REMOTE/"
  log "copied to $REMOTE"
fi
log "backup $dest finished in $(( $(date +%s) - started_s )) s"

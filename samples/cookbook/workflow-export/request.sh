#!/usr/bin/env bash
# Экспортирует автоматизацию Workflow из канала в файл JSON и импортирует её в другой канал.
set -euo pipefail

: "${SERVER_URL:?Задайте SERVER_URL, например https://time.example.ru}"
: "${ACCESS_TOKEN:?Задайте ACCESS_TOKEN — персональный токен доступа}"
: "${TEAM_NAME:?Задайте TEAM_NAME — имя команды, например dev}"
: "${CHANNEL_NAME:?Задайте CHANNEL_NAME — канал, где сейчас живёт автоматизация}"
: "${WORKFLOW_NAME:?Задайте WORKFLOW_NAME — название автоматизации}"
: "${TARGET_CHANNEL_NAME:?Задайте TARGET_CHANNEL_NAME — канал, куда импортировать}"
EXPORT_FILE="${EXPORT_FILE:-workflow.json}"
WF="/plugins/workflow/api/v1"

# api МЕТОД ПУТЬ [аргументы curl] — запрос к REST API v4; при ошибке печатает ответ сервера и завершает скрипт.
api() {
  local method=$1 path=$2 out
  shift 2
  if ! out=$(curl -sS --fail-with-body -X "$method" "${SERVER_URL}/api/v4${path}" \
    -H "Authorization: Bearer ${ACCESS_TOKEN}" \
    -H "Content-Type: application/json" "$@"); then
    echo "Ошибка ${method} ${path}: ${out}" >&2
    return 1
  fi
  printf '%s\n' "$out"
}

# 1. Исходный канал и его автоматизации.
source_channel=$(api GET "/teams/name/${TEAM_NAME}/channels/name/${CHANNEL_NAME}")
workflows=$(api GET "${WF}/channels/$(jq -r '.id' <<<"$source_channel")/workflows")
printf 'Автоматизаций в канале %s: %s\n' "$(jq -r '.name' <<<"$source_channel")" "$(jq 'length' <<<"$workflows")"
jq -r '.[] | "- \(.name) (id=\(.id), триггер \(.trigger.type), \(if .enabled then "включена" else "выключена" end))"' <<<"$workflows"

# 2. Нужная автоматизация по названию.
workflow_id=$(jq -r --arg name "$WORKFLOW_NAME" 'map(select(.name == $name)) | .[0].id // empty' <<<"$workflows")
if [[ -z "$workflow_id" ]]; then
  echo "Автоматизация «${WORKFLOW_NAME}» не найдена в канале ${CHANNEL_NAME}" >&2
  exit 1
fi

# 3. Экспорт в файл.
api GET "${WF}/workflows/${workflow_id}/export" > "$EXPORT_FILE"
printf 'Экспорт сохранён в %s: формат %s, версия формата %s\n' "$EXPORT_FILE" \
  "$(jq -r '.format' "$EXPORT_FILE")" "$(jq -r '.format_version' "$EXPORT_FILE")"

# 4. Импорт файла в другой канал той же команды.
target_channel=$(api GET "/teams/name/${TEAM_NAME}/channels/name/${TARGET_CHANNEL_NAME}")
imported=$(api POST "${WF}/channels/$(jq -r '.id' <<<"$target_channel")/workflows/import" \
  --data-binary "@${EXPORT_FILE}")
printf 'Импортировано в канал %s: id=%s, %s\n' "$TARGET_CHANNEL_NAME" "$(jq -r '.id' <<<"$imported")" \
  "$(jq -r 'if .enabled then "включена" else "выключена" end' <<<"$imported")"

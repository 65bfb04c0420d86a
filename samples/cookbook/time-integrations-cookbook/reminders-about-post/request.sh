#!/usr/bin/env bash
# Создаёт напоминание о существующем сообщении через API плагина Reminder и выводит напоминания команды.
set -euo pipefail

: "${SERVER_URL:?Задайте SERVER_URL, например https://time.example.ru}"
: "${ACCESS_TOKEN:?Задайте ACCESS_TOKEN — персональный токен доступа или токен бота}"
: "${TEAM_NAME:?Задайте TEAM_NAME — имя команды, например dev}"
: "${CHANNEL_NAME:?Задайте CHANNEL_NAME — имя канала, например town-square}"
: "${POST_ID:?Задайте POST_ID — id сообщения из его ссылки}"
: "${REMIND_AT:?Задайте REMIND_AT — время напоминания, ISO 8601 с часовым поясом}"
REMIND_NOTE="${REMIND_NOTE:-}"
ROOT_ID="${ROOT_ID:-}"
# Маршруты плагина отсчитываются от корня сервера, а не от /api/v4.
REMINDER="/plugins/ru.tinkoff.time.reminder-plugin/v1/reminders"

# api МЕТОД ПУТЬ [аргументы curl] — запрос к серверу; при ошибке печатает ответ сервера и завершает скрипт.
api() {
  local method=$1 path=$2 out
  shift 2
  if ! out=$(curl -sS --fail-with-body -X "$method" "${SERVER_URL%/}${path}" \
    -H "Authorization: Bearer ${ACCESS_TOKEN}" \
    -H "Content-Type: application/json" "$@"); then
    echo "Ошибка ${method} ${path}: ${out}" >&2
    exit 1
  fi
  printf '%s' "$out"
}

# 1. Канал сообщения и его команда.
channel=$(api GET "/api/v4/teams/name/${TEAM_NAME}/channels/name/${CHANNEL_NAME}")
team_id=$(jq -r '.team_id' <<<"$channel")

# 2. Напоминание о сообщении POST_ID; note и root_id необязательны.
body=$(jq -n --arg team_id "$team_id" --arg channel_id "$(jq -r '.id' <<<"$channel")" --arg post_id "$POST_ID" \
  --arg at "$REMIND_AT" --arg note "$REMIND_NOTE" --arg root_id "$ROOT_ID" '
  {team_id: $team_id, channel_id: $channel_id, post_id: $post_id, scheduled_at: $at}
  + (if $note == "" then {} else {note: $note} end)
  + (if $root_id == "" then {} else {root_id: $root_id} end)')
status=$(api POST "${REMINDER}/exists-post/create" --data-binary "$body" | jq -r '.status')
printf 'Напоминание о сообщении %s на %s: status=%s\n' "$POST_ID" "$REMIND_AT" "$status"

# 3. Напоминания о сообщениях в команде.
listed=$(api GET "${REMINDER}/exists-post/list?team_id=${team_id}")
printf 'Напоминаний о сообщениях в команде: %s\n' "$(jq '.data | length' <<<"$listed")"
jq -r '.data[] | "- \(.id): \(.scheduled_at), сообщение \(.post_id), «\(.note // "")»"' <<<"$listed"

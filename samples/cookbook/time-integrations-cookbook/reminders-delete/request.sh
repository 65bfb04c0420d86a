#!/usr/bin/env bash
# Отменяет запланированное сообщение плагина Reminder и выводит оставшиеся сообщения команды.
set -euo pipefail

: "${SERVER_URL:?Задайте SERVER_URL, например https://time.example.ru}"
: "${ACCESS_TOKEN:?Задайте ACCESS_TOKEN — персональный токен доступа или токен бота}"
: "${TEAM_NAME:?Задайте TEAM_NAME — имя команды, например dev}"
: "${CHANNEL_NAME:?Задайте CHANNEL_NAME — имя канала, например town-square}"
: "${REMINDER_ID:?Задайте REMINDER_ID — id запланированного сообщения из списка}"
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

# 1. Команда канала: список запланированных сообщений читается по team_id.
team_id=$(api GET "/api/v4/teams/name/${TEAM_NAME}/channels/name/${CHANNEL_NAME}" | jq -r '.team_id')

# 2. Отмена: сервер отвечает 200 без тела.
api POST "${REMINDER}/new-post/delete" --data-binary "$(jq -n --arg id "$REMINDER_ID" '{reminder_id: $id}')" > /dev/null
printf 'Отменено: reminder_id=%s\n' "$REMINDER_ID"

# 3. Что осталось в команде.
listed=$(api GET "${REMINDER}/new-post/list?team_id=${team_id}")
printf 'Запланированных сообщений в команде: %s\n' "$(jq '.data | length' <<<"$listed")"
jq -r '.data[] | "- \(.id): \(.scheduled_at), канал \(.channel_id), «\(.message)»"' <<<"$listed"

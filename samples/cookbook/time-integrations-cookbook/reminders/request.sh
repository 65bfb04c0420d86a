#!/usr/bin/env bash
# Планирует новое сообщение в канал через API плагина Reminder и выводит запланированные сообщения команды.
set -euo pipefail

: "${SERVER_URL:?Задайте SERVER_URL, например https://time.example.ru}"
: "${ACCESS_TOKEN:?Задайте ACCESS_TOKEN — персональный токен доступа или токен бота}"
: "${TEAM_NAME:?Задайте TEAM_NAME — имя команды, например dev}"
: "${CHANNEL_NAME:?Задайте CHANNEL_NAME — имя канала, например town-square}"
: "${REMIND_AT:?Задайте REMIND_AT — время отправки, ISO 8601 с часовым поясом}"
: "${REMIND_MESSAGE:?Задайте REMIND_MESSAGE — текст сообщения}"
# Повтор: все четыре поля обязательны в запросе; значения по умолчанию рассчитаны на одну отправку.
REMIND_DAY_OF_WEEK="${REMIND_DAY_OF_WEEK:-}"
REMIND_EVERY="${REMIND_EVERY:-}"
REMIND_REPEATS="${REMIND_REPEATS:-0}"
REMIND_TILL="${REMIND_TILL:-$REMIND_AT}"
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

# 1. Канал и его команда: плагину нужны оба идентификатора.
channel=$(api GET "/api/v4/teams/name/${TEAM_NAME}/channels/name/${CHANNEL_NAME}")
channel_id=$(jq -r '.id' <<<"$channel")
team_id=$(jq -r '.team_id' <<<"$channel")
printf 'Канал %s: channel_id=%s, team_id=%s\n' "$CHANNEL_NAME" "$channel_id" "$team_id"

# 2. Новое сообщение, запланированное на REMIND_AT.
body=$(jq -n --arg team_id "$team_id" --arg channel_id "$channel_id" --arg message "$REMIND_MESSAGE" \
  --arg at "$REMIND_AT" --arg days "$REMIND_DAY_OF_WEEK" --arg every "$REMIND_EVERY" \
  --argjson repeats "$REMIND_REPEATS" --arg till "$REMIND_TILL" '{
  team_id: $team_id,
  channel_id: $channel_id,
  message: $message,
  file_ids: [],
  scheduled_at: $at,
  day_of_week: (if $days == "" then [] else ($days | split(",")) end),
  every: $every,
  repeats: $repeats,
  till: $till,
  root_id: ""
}')
status=$(api POST "${REMINDER}/new-post/create" --data-binary "$body" | jq -r '.status')
printf 'Запланировано: status=%s\n' "$status"

# 3. Запланированные сообщения в команде; id нужен, чтобы отменить отправку.
listed=$(api GET "${REMINDER}/new-post/list?team_id=${team_id}")
printf 'Запланированных сообщений в команде: %s\n' "$(jq '.data | length' <<<"$listed")"
jq -r '.data[] | "- \(.id): \(.scheduled_at), канал \(.channel_id), «\(.message)»"' <<<"$listed"

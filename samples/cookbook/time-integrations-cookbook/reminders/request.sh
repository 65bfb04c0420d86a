#!/usr/bin/env bash
# Планирует повторяющееся сообщение в канал через API плагина Reminder и выводит свои напоминания.
set -euo pipefail

: "${SERVER_URL:?Задайте SERVER_URL, например https://time.example.ru}"
: "${ACCESS_TOKEN:?Задайте ACCESS_TOKEN — персональный токен доступа или токен бота}"
: "${TEAM_NAME:?Задайте TEAM_NAME — имя команды, например dev}"
: "${CHANNEL_NAME:?Задайте CHANNEL_NAME — канал, куда публиковать}"
: "${REMIND_AT:?Задайте REMIND_AT — первая отправка, ISO 8601 с часовым поясом}"
: "${REMIND_MESSAGE:?Задайте REMIND_MESSAGE — текст сообщения}"
REMIND_DAYS="${REMIND_DAYS:-}"
RM="/plugins/reminder/api/v1"

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

# 1. Канал, в который будет публиковаться сообщение.
channel=$(api GET "/teams/name/${TEAM_NAME}/channels/name/${CHANNEL_NAME}")
channel_id=$(jq -r '.id' <<<"$channel")
printf 'Канал %s: id=%s\n' "$(jq -r '.name' <<<"$channel")" "$channel_id"

# 2. Запланированное сообщение: первая отправка в REMIND_AT, затем по дням недели в то же время.
at_ms=$(( $(date -d "$REMIND_AT" +%s) * 1000 ))
body=$(jq -n --arg channel_id "$channel_id" --arg message "$REMIND_MESSAGE" \
  --argjson at "$at_ms" --arg days "$REMIND_DAYS" '{
  target: "channel",
  target_channel_id: $channel_id,
  message: $message,
  schedule: ({at: $at} + (if $days == "" then {} else {days: ($days | split(","))} end))
}')
reminder=$(api POST "${RM}/reminders" --data-binary "$body")
jq -r '
  "Напоминание №\(.number) создано: id=\(.id), статус \(.status)",
  "Расписание: дни \(.schedule.days // [] | if length == 0 then "однократно" else join(",") end), часовой пояс \(.schedule.timezone)",
  "Ближайшая отправка: \(if .next_at == null then "нет" else (.next_at / 1000 | floor | todate) end)"' <<<"$reminder"

# 3. Свои действующие напоминания и запланированные сообщения.
count=$(api GET "${RM}/reminders?status=active" | jq 'length')
printf 'Действующих напоминаний: %s\n' "$count"

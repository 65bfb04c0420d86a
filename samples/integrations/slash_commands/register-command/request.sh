#!/usr/bin/env bash
# Регистрирует slash-команду в команде Time и печатает её токен.
# Нужны: SERVER_URL, ACCESS_TOKEN, TEAM_NAME, COMMAND_TRIGGER, COMMAND_URL.
set -euo pipefail

: "${SERVER_URL:?Задайте SERVER_URL, например https://time.example.ru}"
: "${ACCESS_TOKEN:?Задайте ACCESS_TOKEN}"
: "${TEAM_NAME:?Задайте TEAM_NAME, например dev}"
: "${COMMAND_TRIGGER:?Задайте COMMAND_TRIGGER, например deploy}"
: "${COMMAND_URL:?Задайте COMMAND_URL — адрес вашего обработчика}"

api="${SERVER_URL%/}/api/v4"
auth="Authorization: Bearer ${ACCESS_TOKEN}"

# 1. Идентификатор команды Time по её имени из адреса.
team=$(curl -sS --fail-with-body -H "$auth" "$api/teams/name/$(jq -rn --arg v "$TEAM_NAME" '$v|@uri')")
team_id=$(jq -r '.id' <<<"$team")
printf 'Команда Time «%s» (%s): id=%s\n' \
  "$(jq -r '.display_name' <<<"$team")" "$(jq -r '.name' <<<"$team")" "$team_id"

# 2. Тело запроса: обязательные team_id, trigger, method, url и поля подсказки.
body=$(jq -n \
  --arg team_id "$team_id" \
  --arg trigger "$COMMAND_TRIGGER" \
  --arg url "$COMMAND_URL" \
  '{
    team_id: $team_id,
    trigger: $trigger,
    method: "P",
    url: $url,
    auto_complete: true,
    auto_complete_desc: "Выложить сборку",
    auto_complete_hint: "[staging|prod] [версия]",
    display_name: "Деплой",
    description: "Запускает выкладку через CI."
  }')

command=$(curl -sS --fail-with-body -X POST "$api/commands" \
  -H "$auth" -H 'Content-Type: application/json' \
  --data-binary "$body")

autocomplete=$(jq -r 'if .auto_complete then "да" else "нет" end' <<<"$command")
printf 'Slash-команда /%s создана: id=%s\n' \
  "$(jq -r '.trigger' <<<"$command")" "$(jq -r '.id' <<<"$command")"
printf 'Адрес обработчика: %s, метод %s, подсказки: %s\n' \
  "$(jq -r '.url' <<<"$command")" "$(jq -r '.method' <<<"$command")" "$autocomplete"
printf 'Токен для COMMAND_TOKEN: %s\n' "$(jq -r '.token' <<<"$command")"

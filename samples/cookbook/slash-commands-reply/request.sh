#!/usr/bin/env bash
# Выполняет slash-команду в канале так, как если бы пользователь ввёл её сам, и печатает ответ сервиса.
set -euo pipefail

: "${SERVER_URL:?Задайте SERVER_URL, например https://time.example.ru}"
: "${ACCESS_TOKEN:?Задайте ACCESS_TOKEN — персональный токен доступа или токен бота}"
: "${TEAM_NAME:?Задайте TEAM_NAME — имя команды, например dev}"
: "${CHANNEL_NAME:?Задайте CHANNEL_NAME — имя канала, например town-square}"
: "${COMMAND_LINE:?Задайте COMMAND_LINE — текст slash-команды, например /deploy staging 1.4.2}"

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

# 1. Канал, в котором выполняется slash-команда.
channel=$(api GET "/teams/name/${TEAM_NAME}/channels/name/${CHANNEL_NAME}")
printf 'Канал %s: id=%s\n' "$(jq -r '.name' <<<"$channel")" "$(jq -r '.id' <<<"$channel")"

# 2. Выполнение: сервер Time вызывает сервис slash-команды и возвращает его ответ.
body=$(jq -n --argjson channel "$channel" --arg command "$COMMAND_LINE" \
  '{channel_id: $channel.id, team_id: $channel.team_id, command: $command}')
result=$(api POST "/commands/execute" --data-binary "$body")
printf 'Выполнена slash-команда: %s\n' "$COMMAND_LINE"
printf 'Тип ответа: %s\n' "$(jq -r '.response_type // "ephemeral" | if . == "" then "ephemeral" else . end' <<<"$result")"
printf 'Текст ответа: %s\n' "$(jq -r '.text // ""' <<<"$result")"

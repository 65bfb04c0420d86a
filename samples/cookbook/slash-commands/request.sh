#!/usr/bin/env bash
# Регистрирует пользовательскую slash-команду в команде Time и выводит список slash-команд команды.
set -euo pipefail

: "${SERVER_URL:?Задайте SERVER_URL, например https://time.example.ru}"
: "${ACCESS_TOKEN:?Задайте ACCESS_TOKEN — персональный токен доступа}"
: "${TEAM_NAME:?Задайте TEAM_NAME — имя команды, например dev}"
: "${COMMAND_TRIGGER:?Задайте COMMAND_TRIGGER — слово-триггер без /, например deploy}"
: "${COMMAND_URL:?Задайте COMMAND_URL — адрес сервиса, который обрабатывает slash-команду}"

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

# 1. Идентификатор команды Time по её имени.
team=$(api GET "/teams/name/${TEAM_NAME}")
team_id=$(jq -r '.id' <<<"$team")
printf 'Команда %s: id=%s\n' "$(jq -r '.name' <<<"$team")" "$team_id"

# 2. Новая slash-команда: запросы POST на COMMAND_URL, подсказка при вводе «/».
body=$(jq -n --arg team_id "$team_id" --arg trigger "$COMMAND_TRIGGER" --arg url "$COMMAND_URL" '{
  team_id: $team_id,
  trigger: $trigger,
  method: "P",
  url: $url,
  display_name: "Деплой",
  description: "Запускает выкладку через CI.",
  auto_complete: true,
  auto_complete_desc: "Выложить сборку",
  auto_complete_hint: "[staging|prod] [версия]"
}')
command=$(api POST "/commands" --data-binary "$body")
printf 'Slash-команда /%s создана: id=%s\n' "$(jq -r '.trigger' <<<"$command")" "$(jq -r '.id' <<<"$command")"
printf 'Токен для проверки запросов: %s\n' "$(jq -r '.token' <<<"$command")"

# 3. Пользовательские slash-команды команды (custom_only=true).
commands=$(api GET "/commands?team_id=${team_id}&custom_only=true")
printf 'Пользовательских slash-команд в команде %s: %s\n' "$TEAM_NAME" "$(jq 'length' <<<"$commands")"
jq -r '.[] | "/\(.trigger) — \(.display_name) (\(if .method == "G" then "GET" else "POST" end) \(.url))"' <<<"$commands"

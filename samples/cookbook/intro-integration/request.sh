#!/usr/bin/env bash
# Первая интеграция с Time: проверяем сервер, токен и список своих команд.
set -euo pipefail

: "${SERVER_URL:?Укажите адрес сервера: export SERVER_URL=https://time.example.ru}"
: "${ACCESS_TOKEN:?Укажите токен: export ACCESS_TOKEN=<персональный токен доступа>}"

API="${SERVER_URL%/}/api/v4"

# api МЕТОД ПУТЬ — выполняет запрос с токеном и печатает тело ответа.
# При коде ответа 400 и выше curl завершается с ошибкой, и скрипт останавливается с текстом ошибки сервера.
api() {
  local response
  if ! response=$(curl -sS --fail-with-body -X "$1" \
    -H "Authorization: Bearer ${ACCESS_TOKEN}" \
    "${API}$2"); then
    echo "Запрос $1 $2 не выполнен: ${response}" >&2
    exit 1
  fi
  printf '%s\n' "$response"
}

# 1. Сервер работает? Проверка доступности не требует токена.
if ! ping=$(curl -sS --fail-with-body "${API}/system/ping"); then
  echo "Сервер не прошёл проверку доступности: ${ping}" >&2
  exit 1
fi
jq -r '"Сервер отвечает: status=\(.status)"' <<<"$ping"

# 2. Кому принадлежит токен?
me=$(api GET /users/me)
jq -r '"Токен принадлежит пользователю \(.username) (\(.first_name) \(.last_name)), id=\(.id)"' <<<"$me"
jq -r '"Роли: \(.roles)"' <<<"$me"

# 3. В каких командах состоит пользователь?
teams=$(api GET /users/me/teams)
jq -r '"Команд: \(length)"' <<<"$teams"
jq -r '.[] | "- \(.name) «\(.display_name)», id=\(.id)"' <<<"$teams"

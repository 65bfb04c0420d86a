#!/usr/bin/env bash
# Создание бота: учётная запись, токен, членство в команде и канале, первое сообщение от имени бота.
# Нужен токен системного администратора (или пользователя с правами create_bot и manage_bots).
set -euo pipefail

: "${SERVER_URL:?Укажите адрес сервера: export SERVER_URL=https://time.example.ru}"
: "${ACCESS_TOKEN:?Укажите токен администратора: export ACCESS_TOKEN=<токен>}"
: "${TEAM_NAME:?Укажите имя команды: export TEAM_NAME=dev}"
: "${CHANNEL_NAME:?Укажите имя канала: export CHANNEL_NAME=town-square}"
: "${BOT_USERNAME:?Укажите имя пользователя бота: export BOT_USERNAME=deploy-bot}"

API="${SERVER_URL%/}/api/v4"

# api ТОКЕН МЕТОД ПУТЬ [JSON] — выполняет запрос и печатает тело ответа.
# При коде ответа 400 и выше скрипт останавливается и выводит ошибку сервера (AppError).
api() {
  local args=(-sS --fail-with-body -X "$2" -H "Authorization: Bearer $1")
  if [[ $# -ge 4 ]]; then
    args+=(-H "Content-Type: application/json" --data "$4")
  fi
  local response
  if ! response=$(curl "${args[@]}" "${API}$3"); then
    echo "Запрос $2 $3 не выполнен: ${response}" >&2
    exit 1
  fi
  printf '%s\n' "$response"
}

uri() { jq -rn --arg v "$1" '$v | @uri'; }

# 1. Идентификаторы команды и канала, куда добавим бота.
team_id=$(api "$ACCESS_TOKEN" GET "/teams/name/$(uri "$TEAM_NAME")" | jq -r '.id')
echo "Команда ${TEAM_NAME}: id=${team_id}"
channel_id=$(api "$ACCESS_TOKEN" GET "/teams/name/$(uri "$TEAM_NAME")/channels/name/$(uri "$CHANNEL_NAME")" | jq -r '.id')
echo "Канал ${CHANNEL_NAME}: id=${channel_id}"

# 2. Учётная запись бота. Владельцем станет пользователь, которому принадлежит ACCESS_TOKEN.
bot=$(api "$ACCESS_TOKEN" POST /bots "$(jq -n --arg username "$BOT_USERNAME" \
  '{username: $username, display_name: "Деплой", description: "Сообщает о выкладках на стенд и в продуктив."}')")
bot_id=$(jq -r '.user_id' <<<"$bot")
jq -r '"Бот создан: @\(.username) «\(.display_name)», user_id=\(.user_id)"' <<<"$bot"

# 3. Токен бота. Значение token приходит только в этом ответе.
token=$(api "$ACCESS_TOKEN" POST "/users/${bot_id}/tokens" '{"description": "CI: уведомления о выкладках"}')
bot_token=$(jq -r '.token' <<<"$token")
echo "Токен бота выпущен: id=$(jq -r '.id' <<<"$token")"
echo "Сохраните токен бота, он показывается один раз: ${bot_token}"

# 4. Бот вступает в команду, затем в канал (в канал можно добавить только участника команды).
member=$(api "$ACCESS_TOKEN" POST "/teams/${team_id}/members" \
  "$(jq -n --arg team_id "$team_id" --arg user_id "$bot_id" '{team_id: $team_id, user_id: $user_id}')")
echo "Бот добавлен в команду ${TEAM_NAME}: роли $(jq -r '.roles' <<<"$member")"
api "$ACCESS_TOKEN" POST "/channels/${channel_id}/members" "$(jq -n --arg user_id "$bot_id" '{user_id: $user_id}')" >/dev/null
echo "Бот добавлен в канал ${CHANNEL_NAME}"

# 5. Первое сообщение — уже с токеном бота.
post=$(api "$bot_token" POST /posts "$(jq -n --arg channel_id "$channel_id" \
  '{channel_id: $channel_id, message: "Привет! Теперь я буду сообщать в этот канал о выкладках."}')")
echo "Сообщение от имени бота опубликовано: id=$(jq -r '.id' <<<"$post")"

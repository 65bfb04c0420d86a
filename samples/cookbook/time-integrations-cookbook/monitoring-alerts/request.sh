#!/usr/bin/env bash
# Публикует алерт, ставит под ним реакцию-подсказку и проверяет, кто подтвердил алерт такой же реакцией.
set -euo pipefail

: "${SERVER_URL:?Задайте SERVER_URL, например https://time.example.ru}"
: "${ACCESS_TOKEN:?Задайте ACCESS_TOKEN — токен бота}"
: "${CHANNEL_ID:?Задайте CHANNEL_ID — идентификатор канала дежурных}"
: "${ALERT_ID:?Задайте ALERT_ID — постоянный идентификатор алерта в системе мониторинга}"
: "${ALERT_TEXT:?Задайте ALERT_TEXT — текст алерта}"
ACK_EMOJI="${ACK_EMOJI:-white_check_mark}"

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

# 1. Идентификатор бота — реакция ставится от его имени.
bot_id=$(api GET "/users/me" | jq -r '.id')

# 2. Алерт. Каждый запуск публикует новое сообщение, поэтому запускайте программу один раз на срабатывание.
body=$(jq -n --arg channel_id "$CHANNEL_ID" \
  --arg text "$ALERT_TEXT" --arg emoji "$ACK_EMOJI" '{
  channel_id: $channel_id,
  message: (":rotating_light: **Алерт:** " + $text + "\nПоставьте :" + $emoji + ":, если взяли алерт в работу.")
}')
post_id=$(api POST "/posts" --data-binary "$body" | jq -r '.id')
printf 'Алерт %s опубликован: id=%s\n' "$ALERT_ID" "$post_id"

# 3. Реакция-подсказка: дежурному достаточно нажать на неё. Повторная такая же реакция ничего не меняет.
reaction=$(jq -n --arg user_id "$bot_id" --arg post_id "$post_id" --arg emoji "$ACK_EMOJI" \
  '{user_id: $user_id, post_id: $post_id, emoji_name: $emoji}')
api POST "/reactions" --data-binary "$reaction" > /dev/null
printf 'Реакция для подтверждения: :%s:\n' "$ACK_EMOJI"

# 4. Кто подтвердил: все, кроме самого бота, поставившие ту же реакцию.
acked=$(api GET "/posts/${post_id}/reactions" | jq -r --arg emoji "$ACK_EMOJI" --arg bot "$bot_id" \
  '[.[] | select(.emoji_name == $emoji and .user_id != $bot) | .user_id] | join(", ")')
if [[ -n "$acked" ]]; then
  printf 'Подтвердили: %s\n' "$acked"
else
  printf 'Подтверждений пока нет\n'
fi

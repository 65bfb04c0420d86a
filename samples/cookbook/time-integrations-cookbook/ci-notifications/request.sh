#!/usr/bin/env bash
# Публикует от имени бота уведомление о сборке CI с вложением; повтор запроса не создаёт дубль.
set -euo pipefail

: "${SERVER_URL:?Задайте SERVER_URL, например https://time.example.ru}"
: "${ACCESS_TOKEN:?Задайте ACCESS_TOKEN — токен бота}"
: "${CHANNEL_ID:?Задайте CHANNEL_ID — идентификатор канала для уведомлений}"
: "${BUILD_NUMBER:?Задайте BUILD_NUMBER — номер сборки}"
: "${BUILD_STATUS:?Задайте BUILD_STATUS — success или failure}"
: "${BUILD_BRANCH:?Задайте BUILD_BRANCH — ветка}"
: "${BUILD_URL:?Задайте BUILD_URL — ссылка на сборку}"

case "$BUILD_STATUS" in
  success) status_text="успешно"; color="#2da44e" ;;
  failure) status_text="с ошибкой"; color="#cf222e" ;;
  *) echo "BUILD_STATUS должен быть success или failure" >&2; exit 1 ;;
esac
# Ключ вида <id бота>:<время в мс> берётся один раз и повторяется во всех попытках:
# в течение 30 секунд повтор вернёт уже созданное сообщение, а не создаст второе.
if ! me=$(curl -sS --fail-with-body "${SERVER_URL}/api/v4/users/me" -H "Authorization: Bearer ${ACCESS_TOKEN}"); then
  echo "Ошибка GET /users/me: ${me}" >&2
  exit 1
fi
bot_id=$(jq -r '.id' <<<"$me")
idempotency_key="${bot_id}:$(date +%s%3N)"

body=$(jq -n \
  --arg channel_id "$CHANNEL_ID" --arg key "$idempotency_key" \
  --arg number "$BUILD_NUMBER" --arg branch "$BUILD_BRANCH" --arg url "$BUILD_URL" \
  --arg status "$status_text" --arg color "$color" '{
  channel_id: $channel_id,
  message: ("Сборка **" + $number + "** (`" + $branch + "`): " + $status),
  idempotency_key: $key,
  props: {attachments: [{
    fallback: ("Сборка " + $number + ": " + $status),
    color: $color,
    title: ("Сборка " + $number),
    title_link: $url,
    fields: [
      {short: true, title: "Ветка", value: $branch},
      {short: true, title: "Результат", value: $status}
    ]
  }]}
}')

# --retry повторяет запрос при тайм-ауте и ответах 408, 429, 500, 502, 503, 504. 5 с на попытку:
# четыре попытки с паузами укладываются в 30 секунд, пока сервер узнаёт повтор.
if ! post=$(curl -sS --fail-with-body --max-time 5 --retry 3 --retry-delay 2 -X POST "${SERVER_URL}/api/v4/posts" \
  -H "Authorization: Bearer ${ACCESS_TOKEN}" \
  -H "Content-Type: application/json" \
  --data-binary "$body"); then
  echo "Ошибка POST /posts: ${post}" >&2
  exit 1
fi
printf 'Уведомление о сборке %s опубликовано: id=%s, канал %s\n' "$BUILD_NUMBER" \
  "$(jq -r '.id' <<<"$post")" "$(jq -r '.channel_id' <<<"$post")"
printf 'Ключ идемпотентности составлен для бота id=%s\n' "$bot_id"

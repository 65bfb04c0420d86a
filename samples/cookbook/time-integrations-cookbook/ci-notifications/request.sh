#!/usr/bin/env bash
# Публикует от имени бота уведомление о сборке CI с вложением; повтор запроса не создаёт дубль.
set -euo pipefail

: "${SERVER_URL:?Задайте SERVER_URL, например https://time.example.ru}"
: "${ACCESS_TOKEN:?Задайте ACCESS_TOKEN — токен бота}"
: "${CHANNEL_NAME:?Задайте CHANNEL_NAME — канал для уведомлений, например town-square}"
: "${BUILD_NUMBER:?Задайте BUILD_NUMBER — номер сборки}"
: "${BUILD_STATUS:?Задайте BUILD_STATUS — success или failure}"
: "${BUILD_BRANCH:?Задайте BUILD_BRANCH — ветка}"
: "${BUILD_URL:?Задайте BUILD_URL — ссылка на сборку}"

case "$BUILD_STATUS" in
  success) status_text="успешно"; color="#2da44e" ;;
  failure) status_text="с ошибкой"; color="#cf222e" ;;
  *) echo "BUILD_STATUS должен быть success или failure" >&2; exit 1 ;;
esac
# Один ключ на одно логическое сообщение: повтор после сбоя сети вернёт уже созданное сообщение.
idempotency_key="ci-build-${BUILD_NUMBER}-${BUILD_STATUS}"

body=$(jq -n \
  --arg peer "~${CHANNEL_NAME}" --arg key "$idempotency_key" \
  --arg number "$BUILD_NUMBER" --arg branch "$BUILD_BRANCH" --arg url "$BUILD_URL" \
  --arg status "$status_text" --arg color "$color" '{
  peer: $peer,
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

# --retry повторяет запрос при тайм-ауте и ответах 408, 429, 500, 502, 503, 504.
if ! post=$(curl -sS --fail-with-body --retry 3 --retry-delay 2 -X POST "${SERVER_URL}/api/v4/posts" \
  -H "Authorization: Bearer ${ACCESS_TOKEN}" \
  -H "Content-Type: application/json" \
  --data-binary "$body"); then
  echo "Ошибка POST /posts: ${post}" >&2
  exit 1
fi
printf 'Уведомление о сборке %s опубликовано: id=%s, канал %s\n' "$BUILD_NUMBER" \
  "$(jq -r '.id' <<<"$post")" "$(jq -r '.channel_id' <<<"$post")"
printf 'Ключ идемпотентности: %s\n' "$idempotency_key"

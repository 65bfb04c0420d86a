#!/usr/bin/env bash
# Нажимает кнопку интерактивного сообщения от имени владельца токена:
# POST /api/v4/posts/{post_id}/actions/{action_id}. Удобно, чтобы проверить обработчик без клиента.
set -euo pipefail

: "${SERVER_URL:?Задайте SERVER_URL, например https://time.example.ru}"
: "${ACCESS_TOKEN:?Задайте ACCESS_TOKEN}"
: "${POST_ID:?Задайте POST_ID — идентификатор сообщения с кнопками}"
: "${ACTION_ID:?Задайте ACTION_ID — поле id кнопки или меню}"
SELECTED_OPTION="${SELECTED_OPTION:-}"

if [[ -n "$SELECTED_OPTION" ]]; then
  body=$(jq -n --arg value "$SELECTED_OPTION" '{selected_option: $value}')
else
  body='{}'
fi

if ! response=$(curl -sS --fail-with-body -X POST \
  "$SERVER_URL/api/v4/posts/$POST_ID/actions/$ACTION_ID" \
  -H "Authorization: Bearer $ACCESS_TOKEN" \
  -H "Content-Type: application/json" \
  -d "$body"); then
  echo "Действие не выполнено: $response" >&2
  exit 1
fi

echo "Действие $ACTION_ID выполнено: status=$(jq -r '.status' <<<"$response")"
if [[ -n "$SELECTED_OPTION" ]]; then
  echo "Выбранное значение: $SELECTED_OPTION"
fi
trigger=$(jq -r '.trigger_id // ""' <<<"$response")
echo "trigger_id: ${trigger:-(пусто)}"

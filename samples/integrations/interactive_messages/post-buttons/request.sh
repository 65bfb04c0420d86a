#!/usr/bin/env bash
# Публикует сообщение с кнопками и меню (props.attachments) через POST /api/v4/posts.
set -euo pipefail

: "${SERVER_URL:?Задайте SERVER_URL, например https://time.example.ru}"
: "${ACCESS_TOKEN:?Задайте ACCESS_TOKEN — токен бота}"
: "${CHANNEL_ID:?Задайте CHANNEL_ID — идентификатор канала, например 4xp9fdt77pncbef59f4k1qe83o}"
: "${ACTION_URL:?Задайте ACTION_URL — адрес обработчика нажатий}"
: "${ACTION_SECRET:?Задайте ACTION_SECRET — общий секрет с обработчиком}"

body=$(jq -n --arg channel_id "$CHANNEL_ID" --arg url "$ACTION_URL" --arg secret "$ACTION_SECRET" '
  def integration($action): {url: $url, context: {action: $action, release: "1452", secret: $secret}};
  {
    channel_id: $channel_id,
    message: "Сборка **1452** готова к выкладке в рабочее окружение.",
    props: {
      attachments: [{
        fallback: "Сборка 1452 ждёт согласования",
        color: "#1E88E5",
        title: "Выкладка сборки 1452",
        title_link: "https://ci.example.ru/pipelines/5812",
        text: "Все тесты пройдены. Согласуйте выкладку или отклоните её.",
        fields: [
          {title: "Ветка", value: "`release-2025-12`", short: true},
          {title: "Тесты", value: "1284 из 1284", short: true}
        ],
        footer: "CI, конвейер 5812",
        actions: [
          {id: "approve", name: "Согласовать", type: "button", style: "good",
           integration: integration("approve")},
          {id: "reject", name: "Отклонить", type: "button", style: "danger",
           integration: integration("reject")},
          {id: "comment", name: "Комментарий", type: "button", style: "default",
           integration: integration("comment")},
          {id: "environment", name: "Окружение", type: "select", default_option: "production",
           options: [{text: "Тестовое", value: "staging"}, {text: "Рабочее", value: "production"}],
           integration: integration("environment")},
          {id: "assignee", name: "Дежурный", type: "select", data_source: "users",
           integration: integration("assignee")}
        ]
      }]
    }
  }')

if ! response=$(curl -sS --fail-with-body -X POST "$SERVER_URL/api/v4/posts" \
  -H "Authorization: Bearer $ACCESS_TOKEN" \
  -H "Content-Type: application/json" \
  -d "$body"); then
  echo "Сообщение не опубликовано: $response" >&2
  exit 1
fi

echo "Сообщение с кнопками опубликовано: id=$(jq -r '.id' <<<"$response")"
echo "Канал: $(jq -r '.channel_id' <<<"$response")"
echo "Кнопок и меню: $(jq '.props.attachments[0].actions | length' <<<"$body")"

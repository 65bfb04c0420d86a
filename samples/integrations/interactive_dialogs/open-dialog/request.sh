#!/usr/bin/env bash
# Открывает интерактивный диалог «Заявка на выкладку»: POST /api/v4/actions/dialogs/open.
# trigger_id действует 3 секунды и только один раз — берите его из свежего запроса
# slash-команды или нажатия кнопки.
set -euo pipefail

: "${SERVER_URL:?Задайте SERVER_URL, например https://time.example.ru}"
: "${ACCESS_TOKEN:?Задайте ACCESS_TOKEN — токен бота}"
: "${TRIGGER_ID:?Задайте TRIGGER_ID из запроса slash-команды или кнопки}"
: "${DIALOG_URL:?Задайте DIALOG_URL — адрес, куда Time отправит форму}"

body=$(jq -n --arg trigger "$TRIGGER_ID" --arg url "$DIALOG_URL" '{
  trigger_id: $trigger,
  url: $url,
  dialog: {
    callback_id: "deploy-request",
    title: "Заявка на выкладку",
    introduction_text: "Заявку получит согласующий, а канал увидит её после отправки.",
    submit_label: "Отправить",
    notify_on_cancel: true,
    state: "release-2.14.0",
    elements: [
      {display_name: "Окружение", name: "environment", type: "radio", default: "staging",
       options: [{text: "Тестовое (staging)", value: "staging"},
                 {text: "Рабочее (production)", value: "production"}]},
      {display_name: "Версия", name: "version", type: "text", subtype: "text",
       placeholder: "2.14.0", help_text: "Номер сборки в формате X.Y.Z.",
       min_length: 5, max_length: 20},
      {display_name: "Согласующий", name: "approver", type: "select",
       data_source: "users", placeholder: "Начните вводить имя"},
      {display_name: "Комментарий", name: "comment", type: "textarea", optional: true,
       max_length: 1000, placeholder: "Что меняется и как откатить"},
      {display_name: "Уведомление", name: "notify_approver", type: "bool", optional: true,
       default: "true", placeholder: "Написать согласующему в личные сообщения"}
    ]
  }
}')

if ! response=$(curl -sS --fail-with-body -X POST "$SERVER_URL/api/v4/actions/dialogs/open" \
  -H "Authorization: Bearer $ACCESS_TOKEN" \
  -H "Content-Type: application/json" \
  -d "$body"); then
  echo "Диалог не открыт: $response" >&2
  exit 1
fi

echo "Диалог «Заявка на выкладку» открыт: status=$(jq -r '.status' <<<"$response")"
echo "Полей в форме: $(jq '.dialog.elements | length' <<<"$body")"
echo "Ответ придёт на $DIALOG_URL"

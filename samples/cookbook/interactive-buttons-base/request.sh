#!/usr/bin/env bash
# Публикует в канал сообщение с меню и кнопками и печатает идентификатор сообщения.
set -euo pipefail

: "${SERVER_URL:?Задайте SERVER_URL, например https://time.example.ru}"
: "${ACCESS_TOKEN:?Задайте ACCESS_TOKEN — токен бота или персональный токен доступа}"
: "${TEAM_NAME:?Задайте TEAM_NAME — имя команды, например dev}"
: "${CHANNEL_NAME:?Задайте CHANNEL_NAME — имя канала, например town-square}"
: "${ACTION_URL:?Задайте ACTION_URL — адрес приёмника нажатий}"
: "${ACTION_SECRET:?Задайте ACTION_SECRET — общий секрет с приёмником нажатий}"

RELEASE="1452"

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

# 1. Канал по имени команды и имени канала.
channel=$(api GET "/teams/name/${TEAM_NAME}/channels/name/${CHANNEL_NAME}")
channel_id=$(jq -r '.id' <<<"$channel")
printf 'Канал %s: id=%s\n' "$(jq -r '.name' <<<"$channel")" "$channel_id"

# 2. Сообщение с вложением: меню выбора окружения и две кнопки.
body=$(jq -n \
  --arg channel_id "$channel_id" \
  --arg url "$ACTION_URL" \
  --arg secret "$ACTION_SECRET" \
  --arg release "$RELEASE" '
  def ctx($action): {action: $action, release: $release, env: "staging", secret: $secret};
  {
    channel_id: $channel_id,
    message: ("Сборка **" + $release + "** готова к выкладке."),
    props: {
      attachments: [{
        fallback: ("Выкладка сборки " + $release + ": нужно решение"),
        color: "#2f81f7",
        title: ("Выкладка сборки " + $release),
        text: "Выберите окружение, затем одобрите или отклоните выкладку.",
        fields: [{short: true, title: "Окружение", value: "staging"}],
        actions: [
          {id: "env", name: "Окружение", type: "select", default_option: "staging",
           options: [{text: "staging", value: "staging"}, {text: "production", value: "production"}],
           integration: {url: $url, context: ctx("env")}},
          {id: "approve", name: "Одобрить", type: "button", style: "success",
           integration: {url: $url, context: ctx("approve")}},
          {id: "reject", name: "Отклонить", type: "button", style: "danger",
           integration: {url: $url, context: ctx("reject")}}
        ]
      }]
    }
  }')
post=$(api POST "/posts" --data-binary "$body")
printf 'Сообщение с кнопками опубликовано: id=%s\n' "$(jq -r '.id' <<<"$post")"

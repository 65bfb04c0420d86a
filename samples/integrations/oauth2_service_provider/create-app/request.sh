#!/usr/bin/env bash
# Регистрирует приложение OAuth 2.0 и печатает CLIENT_ID и CLIENT_SECRET.
# Нужны: SERVER_URL, ACCESS_TOKEN, APP_NAME, APP_DESCRIPTION, APP_HOMEPAGE, REDIRECT_URI.
set -euo pipefail

: "${SERVER_URL:?Задайте SERVER_URL, например https://time.example.ru}"
: "${ACCESS_TOKEN:?Задайте ACCESS_TOKEN}"
: "${APP_NAME:?Задайте APP_NAME — название на странице согласия}"
: "${APP_DESCRIPTION:?Задайте APP_DESCRIPTION}"
: "${APP_HOMEPAGE:?Задайте APP_HOMEPAGE — адрес сайта приложения}"
: "${REDIRECT_URI:?Задайте REDIRECT_URI — адрес обработчика кода}"

body=$(jq -n \
  --arg name "$APP_NAME" \
  --arg description "$APP_DESCRIPTION" \
  --arg homepage "$APP_HOMEPAGE" \
  --arg redirect_uri "$REDIRECT_URI" \
  '{
    name: $name,
    description: $description,
    homepage: $homepage,
    callback_urls: [$redirect_uri],
    is_trusted: false
  }')

app=$(curl -sS --fail-with-body -X POST "${SERVER_URL%/}/api/v4/oauth/apps" \
  -H "Authorization: Bearer ${ACCESS_TOKEN}" \
  -H 'Content-Type: application/json' \
  --data-binary "$body")

printf 'Приложение OAuth 2.0 «%s» зарегистрировано\n' "$(jq -r '.name' <<<"$app")"
printf 'CLIENT_ID=%s\n' "$(jq -r '.id' <<<"$app")"
printf 'CLIENT_SECRET=%s\n' "$(jq -r '.client_secret' <<<"$app")"
printf 'Адреса перенаправления: %s\n' "$(jq -r '.callback_urls | join(", ")' <<<"$app")"
printf 'Доверенное: %s\n' "$(jq -r 'if .is_trusted then "да" else "нет" end' <<<"$app")"

#!/usr/bin/env bash
# Проверяет токен доступа OAuth 2.0: запрашивает учётную запись, от имени которой он выдан.
# Нужны: SERVER_URL и ACCESS_TOKEN (access_token из ответа /oauth/access_token).
set -euo pipefail

: "${SERVER_URL:?Задайте SERVER_URL, например https://time.example.ru}"
: "${ACCESS_TOKEN:?Задайте ACCESS_TOKEN — токен доступа OAuth 2.0}"

me=$(curl -sS --fail-with-body "${SERVER_URL%/}/api/v4/users/me" \
  -H "Authorization: Bearer ${ACCESS_TOKEN}")

printf 'Токен принадлежит пользователю @%s (%s %s)\n' \
  "$(jq -r '.username' <<<"$me")" "$(jq -r '.first_name' <<<"$me")" "$(jq -r '.last_name' <<<"$me")"
printf 'id=%s, email=%s\n' "$(jq -r '.id' <<<"$me")" "$(jq -r '.email' <<<"$me")"
printf 'Роли: %s\n' "$(jq -r '.roles' <<<"$me")"

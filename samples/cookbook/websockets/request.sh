#!/usr/bin/env bash
# Проверка рукопожатия WebSocket: сервер и обратный прокси должны ответить HTTP 101 Switching Protocols.
# curl не обменивается кадрами WebSocket, поэтому события слушают программы на Python, Go и TypeScript.
set -euo pipefail

: "${SERVER_URL:?Укажите адрес сервера: export SERVER_URL=https://time.example.ru}"
: "${ACCESS_TOKEN:?Укажите токен: export ACCESS_TOKEN=<токен>}"

# Случайный ключ Sec-WebSocket-Key: 16 байт в base64, как требует RFC 6455.
key=$(head -c 16 /dev/urandom | base64)
body=$(mktemp)
errors=$(mktemp)
trap 'rm -f "$body" "$errors"' EXIT

# После ответа 101 соединение остаётся открытым, и curl ждёт данных до истечения --max-time
# (код выхода 28). Это ожидаемо, поэтому решение принимаем по коду HTTP, а не по коду выхода curl.
status=$(curl -sS --fail-with-body --http1.1 --max-time 3 \
  -o "$body" -w '%{http_code}' \
  -H "Connection: Upgrade" \
  -H "Upgrade: websocket" \
  -H "Sec-WebSocket-Version: 13" \
  -H "Sec-WebSocket-Key: ${key}" \
  -H "Authorization: Bearer ${ACCESS_TOKEN}" \
  "${SERVER_URL%/}/api/v4/websocket" 2>"$errors") || true

if [[ "$status" != "101" ]]; then
  echo "Рукопожатие не удалось: HTTP ${status}" >&2
  cat "$errors" "$body" >&2
  exit 1
fi
echo "Рукопожатие WebSocket: HTTP ${status}"

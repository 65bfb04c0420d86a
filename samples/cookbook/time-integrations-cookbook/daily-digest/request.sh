#!/usr/bin/env bash
# Собирает сообщения канала за последние сутки и отправляет сводку личным сообщением или в другой канал.
set -euo pipefail

: "${SERVER_URL:?Задайте SERVER_URL, например https://time.example.ru}"
: "${ACCESS_TOKEN:?Задайте ACCESS_TOKEN — токен бота}"
: "${TEAM_NAME:?Задайте TEAM_NAME — имя команды, например dev}"
: "${CHANNEL_NAME:?Задайте CHANNEL_NAME — канал, по которому строится сводка}"
: "${DIGEST_TO:?Задайте DIGEST_TO — адресат сводки: @username или ~channel}"
# Начало периода в миллисекундах Unix; по умолчанию — сутки назад.
DIGEST_SINCE="${DIGEST_SINCE:-$(( ($(date +%s) - 86400) * 1000 ))}"

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

# 1. Канал по имени.
channel=$(api GET "/teams/name/${TEAM_NAME}/channels/name/${CHANNEL_NAME}")
channel_id=$(jq -r '.id' <<<"$channel")

# 2. Всё, что изменилось в канале после DIGEST_SINCE (не больше 1000 сообщений).
list=$(api GET "/channels/${channel_id}/posts?since=${DIGEST_SINCE}")

# 3. Только новые и не удалённые сообщения, по возрастанию времени; ответы считаются по обсуждениям.
digest=$(jq --argjson since "$DIGEST_SINCE" '
  [.posts[] | select(.delete_at == 0 and .create_at >= $since)] | sort_by(.create_at) as $new
  | ($new | map(select(.root_id == ""))) as $roots
  | ($new | map(select(.root_id != ""))) as $replies
  | {
      total: ($new | length),
      roots: ($roots | length),
      replies: ($replies | length),
      items: [$roots[] | . as $root | {
        id,
        title: (.message | split("\n")[0]),
        replies: ([$replies[] | select(.root_id == $root.id)] | length)
      }]
    }' <<<"$list")
printf 'Канал %s: новых сообщений: %s (корневых: %s, ответов: %s)\n' "$(jq -r '.name' <<<"$channel")" \
  "$(jq '.total' <<<"$digest")" "$(jq '.roots' <<<"$digest")" "$(jq '.replies' <<<"$digest")"
jq -r '.items[] | "- \(.title) (ответов: \(.replies))"' <<<"$digest"

# 4. Текст сводки со ссылками на сообщения и отправка адресату.
message=$(jq -r --arg base "${SERVER_URL}/${TEAM_NAME}/pl/" --arg channel "$CHANNEL_NAME" '
  "**Сводка канала ~\($channel) за сутки** — сообщений: \(.total), обсуждений: \(.roots).\n"
  + ([.items[] | "- [\(.title)](\($base)\(.id)) — ответов: \(.replies)"] | join("\n"))' <<<"$digest")
body=$(jq -n --arg peer "$DIGEST_TO" --arg message "$message" '{peer: $peer, message: $message}')
post=$(api POST "/posts" --data-binary "$body")
printf 'Сводка отправлена %s: id=%s\n' "$DIGEST_TO" "$(jq -r '.id' <<<"$post")"

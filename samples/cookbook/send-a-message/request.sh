#!/usr/bin/env bash
# Отправка сообщений: в канал по имени, ответ в обсуждении и сообщение по peer с idempotency_key.
set -euo pipefail

: "${SERVER_URL:?Укажите адрес сервера: export SERVER_URL=https://time.example.ru}"
: "${ACCESS_TOKEN:?Укажите токен: export ACCESS_TOKEN=<токен>}"
: "${TEAM_NAME:?Укажите имя команды: export TEAM_NAME=dev}"
: "${CHANNEL_NAME:?Укажите имя канала: export CHANNEL_NAME=town-square}"
: "${PEER:?Укажите адресата: export PEER=@ivan.petrov (также U:<user_id> или идентификатор канала)}"

API="${SERVER_URL%/}/api/v4"

# api МЕТОД ПУТЬ [JSON] — выполняет запрос с токеном и печатает тело ответа.
# При коде ответа 400 и выше скрипт останавливается и выводит ошибку сервера (AppError).
api() {
  local args=(-sS --fail-with-body -X "$1" -H "Authorization: Bearer ${ACCESS_TOKEN}")
  if [[ $# -ge 3 ]]; then
    args+=(-H "Content-Type: application/json" --data "$3")
  fi
  local response
  if ! response=$(curl "${args[@]}" "${API}$2"); then
    echo "Запрос $1 $2 не выполнен: ${response}" >&2
    exit 1
  fi
  printf '%s\n' "$response"
}

uri() { jq -rn --arg v "$1" '$v | @uri'; }

# 1. Находим канал по имени команды и имени канала — так же, как они записаны в ссылке на канал.
channel=$(api GET "/teams/name/$(uri "$TEAM_NAME")/channels/name/$(uri "$CHANNEL_NAME")")
channel_id=$(jq -r '.id' <<<"$channel")
echo "Канал ${TEAM_NAME}/${CHANNEL_NAME} найден: id=${channel_id}"

# 2. Публикуем сообщение с разметкой Markdown.
message=$'**Сборка 1452 прошла** :white_check_mark:\n\n| Этап | Длительность |\n|---|---|\n| Тесты | 4 мин |\n| Выкладка на стенд | 2 мин |\n\nПодробности — в обсуждении.'
root=$(api POST /posts "$(jq -n --arg channel_id "$channel_id" --arg message "$message" \
  '{channel_id: $channel_id, message: $message}')")
root_id=$(jq -r '.id' <<<"$root")
echo "Сообщение опубликовано: id=${root_id}"

# 3. Отвечаем в обсуждении: root_id — идентификатор корневого сообщения.
reply=$(api POST /posts "$(jq -n --arg channel_id "$channel_id" --arg root_id "$root_id" \
  --arg message 'Журнал сборки: `/var/log/ci/1452.log`. Стенд обновлён до сборки 1452.' \
  '{channel_id: $channel_id, root_id: $root_id, message: $message}')")
echo "Ответ в обсуждении ${root_id} опубликован: id=$(jq -r '.id' <<<"$reply")"

# 4. Пишем адресату по имени (peer) с ключом идемпотентности. Time узнаёт повтор, только если ключ
#    имеет вид <id владельца токена>:<время в мс>: время берётся один раз на логическое сообщение
#    и повторяется во всех попытках его отправить.
me_id=$(api GET /users/me | jq -r '.id')
idempotency_key="${me_id}:$(date +%s%3N)"
echo "Ключ идемпотентности составлен для пользователя id=${me_id}"
body=$(jq -n --arg peer "$PEER" --arg key "$idempotency_key" \
  --arg message 'Сборка 1452 готова к проверке на стенде.' \
  '{peer: $peer, message: $message, idempotency_key: $key}')
first=$(api POST /posts "$body")
first_id=$(jq -r '.id' <<<"$first")
echo "Сообщение для ${PEER} отправлено: id=${first_id}"

# Повторяем тот же запрос, как после обрыва связи. В течение 30 секунд сервер вернёт уже созданное
# сообщение; повтор позже может создать второе.
second_id=$(api POST /posts "$body" | jq -r '.id')
if [[ "$second_id" == "$first_id" ]]; then
  echo "Повтор с тем же idempotency_key вернул то же сообщение: id=${second_id}"
else
  echo "Внимание: повтор создал новое сообщение id=${second_id}" >&2
  exit 1
fi

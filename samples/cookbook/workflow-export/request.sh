#!/usr/bin/env bash
# Автоматизации Workflow: список в канале, определение в файл, задание на экспорт и копия в другом канале.
set -euo pipefail

: "${SERVER_URL:?Задайте SERVER_URL, например https://time.example.ru}"
: "${ACCESS_TOKEN:?Задайте ACCESS_TOKEN — персональный токен доступа}"
: "${TEAM_NAME:?Задайте TEAM_NAME — имя команды, например dev}"
: "${CHANNEL_NAME:?Задайте CHANNEL_NAME — канал, где сейчас работает автоматизация}"
: "${WORKFLOW_TITLE:?Задайте WORKFLOW_TITLE — название автоматизации}"
: "${TARGET_CHANNEL_NAME:?Задайте TARGET_CHANNEL_NAME — канал для копии}"
WORKFLOW_FILE="${WORKFLOW_FILE:-workflow.json}"
# Маршруты плагина отсчитываются от корня сервера, а не от /api/v4.
WORKFLOW="/plugins/ru.tinkoff.mm.workflow"

# api МЕТОД ПУТЬ [аргументы curl] — запрос к серверу; при ошибке печатает ответ сервера и завершает скрипт.
api() {
  local method=$1 path=$2 out
  shift 2
  if ! out=$(curl -sS --fail-with-body -X "$method" "${SERVER_URL%/}${path}" \
    -H "Authorization: Bearer ${ACCESS_TOKEN}" \
    -H "Content-Type: application/json" "$@"); then
    echo "Ошибка ${method} ${path}: ${out}" >&2
    exit 1
  fi
  printf '%s' "$out"
}

DESCRIBE='"\(.title) (id=\(.id), триггер \(.trigger), шагов: \(.steps | length))"'

me_id=$(api GET "/api/v4/users/me" | jq -r '.id')

# 1. Автоматизации исходного канала: объект «идентификатор → автоматизация», по названиям.
source_id=$(api GET "/api/v4/teams/name/${TEAM_NAME}/channels/name/${CHANNEL_NAME}" | jq -r '.id')
workflows=$(api GET "${WORKFLOW}/list/channel/${source_id}" | jq '[.[]] | sort_by(.title)')
printf 'Автоматизаций в канале %s: %s\n' "$CHANNEL_NAME" "$(jq 'length' <<<"$workflows")"
jq -r ".[] | \"- \" + ${DESCRIBE}" <<<"$workflows"
workflow_id=$(jq -r --arg title "$WORKFLOW_TITLE" '[.[] | select(.title == $title)][0].id // empty' <<<"$workflows")
if [[ -z "$workflow_id" ]]; then
  echo "Автоматизация «${WORKFLOW_TITLE}» не найдена в канале ${CHANNEL_NAME}" >&2
  exit 1
fi

# 2. Полное определение автоматизации; ответ сохраняется в файл как есть.
api GET "${WORKFLOW}/${source_id}/${workflow_id}" > "$WORKFLOW_FILE"
printf 'Определение сохранено в %s: %s\n' "$WORKFLOW_FILE" "$(jq -r "$DESCRIBE" "$WORKFLOW_FILE")"

# 3. Задание на экспорт: сервер отвечает 201 без тела.
api POST "${WORKFLOW}/workflows/export/task" --data-binary "$(jq -n --arg id "$workflow_id" '{workflow_id: $id}')" > /dev/null
printf 'Задание на экспорт принято: workflow_id=%s\n' "$workflow_id"

# 4. Копия в целевом канале: шаги, которые писали в исходный канал, пишут в целевой.
target_id=$(api GET "/api/v4/teams/name/${TEAM_NAME}/channels/name/${TARGET_CHANNEL_NAME}" | jq -r '.id')
body=$(jq --arg source "$source_id" --arg target "$target_id" --arg me "$me_id" '{
  user_id: $me,
  channel_id: $target,
  workflow: (. + {id: "", channel_id: $target, author: $me}
    | .steps |= map(if .channel_id == $source then .channel_id = $target else . end))
}' "$WORKFLOW_FILE")
created=$(api POST "${WORKFLOW}/${target_id}" --data-binary "$body")
printf 'Копия создана в канале %s, автоматизаций в ответе: %s\n' "$TARGET_CHANNEL_NAME" "$(jq 'length' <<<"$created")"
jq -r ".[] | \"- \" + ${DESCRIBE} + \", канал \(.channel_id)\"" <<<"$created"

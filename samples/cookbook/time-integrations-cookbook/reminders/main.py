"""Планирует новое сообщение в канал через API плагина Reminder и выводит запланированные сообщения команды."""
import json
import os
import sys
import urllib.error
import urllib.parse
import urllib.request

# Маршруты плагина отсчитываются от корня сервера, а не от /api/v4.
REMINDER = "/plugins/ru.tinkoff.time.reminder-plugin/v1/reminders"


def env(name):
    value = os.environ.get(name, "")
    if not value:
        sys.exit(f"Задайте переменную окружения {name}")
    return value


SERVER_URL = env("SERVER_URL").rstrip("/")
ACCESS_TOKEN = env("ACCESS_TOKEN")
TEAM_NAME = env("TEAM_NAME")
CHANNEL_NAME = env("CHANNEL_NAME")
REMIND_AT = env("REMIND_AT")
REMIND_MESSAGE = env("REMIND_MESSAGE")
# Повтор: все четыре поля обязательны в запросе; значения по умолчанию рассчитаны на одну отправку.
REMIND_DAY_OF_WEEK = os.environ.get("REMIND_DAY_OF_WEEK", "")
REMIND_EVERY = os.environ.get("REMIND_EVERY", "")
REMIND_REPEATS = int(os.environ.get("REMIND_REPEATS") or "0")
REMIND_TILL = os.environ.get("REMIND_TILL") or REMIND_AT


def api(method, path, body=None):
    """Запрос к серверу. При ответе не 2xx печатает ошибку сервера и завершает программу."""
    data = None if body is None else json.dumps(body, ensure_ascii=False).encode("utf-8")
    request = urllib.request.Request(SERVER_URL + path, data=data, method=method)
    request.add_header("Authorization", "Bearer " + ACCESS_TOKEN)
    if data is not None:
        request.add_header("Content-Type", "application/json")
    try:
        with urllib.request.urlopen(request, timeout=30) as response:
            text = response.read()
            return json.loads(text) if text else None
    except urllib.error.HTTPError as err:
        sys.exit(f"Ошибка {method} {path}: HTTP {err.code}: {err.read().decode('utf-8', 'replace')}")


# 1. Канал и его команда: плагину нужны оба идентификатора.
quote = urllib.parse.quote
channel = api("GET", f"/api/v4/teams/name/{quote(TEAM_NAME, safe='')}/channels/name/{quote(CHANNEL_NAME, safe='')}")
print(f"Канал {CHANNEL_NAME}: channel_id={channel['id']}, team_id={channel['team_id']}")

# 2. Новое сообщение, запланированное на REMIND_AT.
result = api("POST", f"{REMINDER}/new-post/create", {
    "team_id": channel["team_id"],
    "channel_id": channel["id"],
    "message": REMIND_MESSAGE,
    "file_ids": [],
    "scheduled_at": REMIND_AT,
    "day_of_week": REMIND_DAY_OF_WEEK.split(",") if REMIND_DAY_OF_WEEK else [],
    "every": REMIND_EVERY,
    "repeats": REMIND_REPEATS,
    "till": REMIND_TILL,
    "root_id": "",
})
print(f"Запланировано: status={result['status']}")

# 3. Запланированные сообщения в команде; id нужен, чтобы отменить отправку.
listed = api("GET", f"{REMINDER}/new-post/list?team_id={quote(channel['team_id'], safe='')}")
print(f"Запланированных сообщений в команде: {len(listed['data'])}")
for item in listed["data"]:
    print(f"- {item['id']}: {item['scheduled_at']}, канал {item['channel_id']}, «{item['message']}»")

"""Отменяет запланированное сообщение плагина Reminder и выводит оставшиеся сообщения команды."""
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
REMINDER_ID = env("REMINDER_ID")


def api(method, path, body=None):
    """Запрос к серверу. При ответе не 2xx печатает ошибку сервера и завершает программу."""
    data = None if body is None else json.dumps(body).encode("utf-8")
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


# 1. Команда канала: список запланированных сообщений читается по team_id.
quote = urllib.parse.quote
channel = api("GET", f"/api/v4/teams/name/{quote(TEAM_NAME, safe='')}/channels/name/{quote(CHANNEL_NAME, safe='')}")

# 2. Отмена: сервер отвечает 200 без тела.
api("POST", f"{REMINDER}/new-post/delete", {"reminder_id": REMINDER_ID})
print(f"Отменено: reminder_id={REMINDER_ID}")

# 3. Что осталось в команде.
listed = api("GET", f"{REMINDER}/new-post/list?team_id={quote(channel['team_id'], safe='')}")
print(f"Запланированных сообщений в команде: {len(listed['data'])}")
for item in listed["data"]:
    print(f"- {item['id']}: {item['scheduled_at']}, канал {item['channel_id']}, «{item['message']}»")

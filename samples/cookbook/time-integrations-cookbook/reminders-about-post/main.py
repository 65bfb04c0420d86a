"""Создаёт напоминание о существующем сообщении через API плагина Reminder и выводит напоминания команды."""
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
POST_ID = env("POST_ID")
REMIND_AT = env("REMIND_AT")
REMIND_NOTE = os.environ.get("REMIND_NOTE", "")
ROOT_ID = os.environ.get("ROOT_ID", "")


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


# 1. Канал сообщения и его команда.
quote = urllib.parse.quote
channel = api("GET", f"/api/v4/teams/name/{quote(TEAM_NAME, safe='')}/channels/name/{quote(CHANNEL_NAME, safe='')}")

# 2. Напоминание о сообщении POST_ID; note и root_id необязательны.
body = {"team_id": channel["team_id"], "channel_id": channel["id"], "post_id": POST_ID, "scheduled_at": REMIND_AT}
if REMIND_NOTE:
    body["note"] = REMIND_NOTE
if ROOT_ID:
    body["root_id"] = ROOT_ID
result = api("POST", f"{REMINDER}/exists-post/create", body)
print(f"Напоминание о сообщении {POST_ID} на {REMIND_AT}: status={result['status']}")

# 3. Напоминания о сообщениях в команде.
listed = api("GET", f"{REMINDER}/exists-post/list?team_id={quote(channel['team_id'], safe='')}")
print(f"Напоминаний о сообщениях в команде: {len(listed['data'])}")
for item in listed["data"]:
    print(f"- {item['id']}: {item['scheduled_at']}, сообщение {item['post_id']}, «{item.get('note', '')}»")

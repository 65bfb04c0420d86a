"""Планирует повторяющееся сообщение в канал через API плагина Reminder и выводит свои напоминания."""
import json
import os
import sys
import urllib.error
import urllib.parse
import urllib.request
from datetime import datetime, timezone

RM = "/plugins/reminder/api/v1"


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
REMIND_DAYS = os.environ.get("REMIND_DAYS", "")


def api(method, path, body=None):
    """Запрос к REST API v4. При ответе не 2xx печатает ошибку сервера и завершает программу."""
    data = None if body is None else json.dumps(body).encode("utf-8")
    request = urllib.request.Request(SERVER_URL + "/api/v4" + path, data=data, method=method)
    request.add_header("Authorization", "Bearer " + ACCESS_TOKEN)
    if data is not None:
        request.add_header("Content-Type", "application/json")
    try:
        with urllib.request.urlopen(request, timeout=30) as response:
            return json.load(response)
    except urllib.error.HTTPError as err:
        sys.exit(f"Ошибка {method} {path}: HTTP {err.code}: {err.read().decode('utf-8', 'replace')}")


def iso_utc(ms):
    return datetime.fromtimestamp(ms // 1000, tz=timezone.utc).strftime("%Y-%m-%dT%H:%M:%SZ")


# 1. Канал, в который будет публиковаться сообщение.
quote = urllib.parse.quote
channel = api("GET", f"/teams/name/{quote(TEAM_NAME)}/channels/name/{quote(CHANNEL_NAME)}")
print(f"Канал {channel['name']}: id={channel['id']}")

# 2. Запланированное сообщение: первая отправка в REMIND_AT, затем по дням недели в то же время.
try:
    first = datetime.fromisoformat(REMIND_AT)
except ValueError:
    sys.exit("REMIND_AT должен быть в формате ISO 8601, например 2026-12-07T09:50:00+03:00")
if first.tzinfo is None:
    sys.exit("Укажите в REMIND_AT часовой пояс, например +03:00")
schedule = {"at": int(first.timestamp()) * 1000}
if REMIND_DAYS:
    schedule["days"] = REMIND_DAYS.split(",")
reminder = api("POST", f"{RM}/reminders", {
    "target": "channel",
    "target_channel_id": channel["id"],
    "message": REMIND_MESSAGE,
    "schedule": schedule,
})
days = reminder["schedule"].get("days") or []
next_at = reminder.get("next_at")
print(f"Напоминание №{reminder['number']} создано: id={reminder['id']}, статус {reminder['status']}")
print(f"Расписание: дни {','.join(days) if days else 'однократно'}, часовой пояс {reminder['schedule']['timezone']}")
print(f"Ближайшая отправка: {iso_utc(next_at) if next_at is not None else 'нет'}")

# 3. Свои действующие напоминания и запланированные сообщения.
active = api("GET", f"{RM}/reminders?status=active")
print(f"Действующих напоминаний: {len(active)}")

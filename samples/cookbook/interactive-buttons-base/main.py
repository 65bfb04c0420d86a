"""Публикует в канал сообщение с меню и кнопками и печатает идентификатор сообщения."""
import json
import os
import sys
import urllib.error
import urllib.parse
import urllib.request

RELEASE = "1452"


def env(name):
    value = os.environ.get(name, "")
    if not value:
        sys.exit(f"Задайте переменную окружения {name}")
    return value


SERVER_URL = env("SERVER_URL").rstrip("/")
ACCESS_TOKEN = env("ACCESS_TOKEN")
TEAM_NAME = env("TEAM_NAME")
CHANNEL_NAME = env("CHANNEL_NAME")
ACTION_URL = env("ACTION_URL")
ACTION_SECRET = env("ACTION_SECRET")


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


def context(action):
    # Контекст вернётся приёмнику при нажатии. Клиенты Time его не видят, поэтому в нём можно передать секрет.
    return {"action": action, "release": RELEASE, "env": "staging", "secret": ACTION_SECRET}


# 1. Канал по имени команды и имени канала.
quote = urllib.parse.quote
channel = api("GET", f"/teams/name/{quote(TEAM_NAME)}/channels/name/{quote(CHANNEL_NAME)}")
print(f"Канал {channel['name']}: id={channel['id']}")

# 2. Сообщение с вложением: меню выбора окружения и две кнопки.
post = api("POST", "/posts", {
    "channel_id": channel["id"],
    "message": f"Сборка **{RELEASE}** готова к выкладке.",
    "props": {
        "attachments": [{
            "fallback": f"Выкладка сборки {RELEASE}: нужно решение",
            "color": "#2f81f7",
            "title": f"Выкладка сборки {RELEASE}",
            "text": "Выберите окружение, затем одобрите или отклоните выкладку.",
            "fields": [{"short": True, "title": "Окружение", "value": "staging"}],
            "actions": [
                {
                    "id": "env", "name": "Окружение", "type": "select", "default_option": "staging",
                    "options": [
                        {"text": "staging", "value": "staging"},
                        {"text": "production", "value": "production"},
                    ],
                    "integration": {"url": ACTION_URL, "context": context("env")},
                },
                {
                    "id": "approve", "name": "Одобрить", "type": "button", "style": "success",
                    "integration": {"url": ACTION_URL, "context": context("approve")},
                },
                {
                    "id": "reject", "name": "Отклонить", "type": "button", "style": "danger",
                    "integration": {"url": ACTION_URL, "context": context("reject")},
                },
            ],
        }],
    },
})
print(f"Сообщение с кнопками опубликовано: id={post['id']}")

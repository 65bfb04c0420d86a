"""Публикует сообщение с кнопками и меню (props.attachments) через POST /api/v4/posts."""
import json
import os
import sys
import urllib.error
import urllib.request


def env(name: str) -> str:
    value = os.environ.get(name, "")
    if not value:
        sys.exit(f"Задайте переменную окружения {name}")
    return value


SERVER_URL = env("SERVER_URL")
ACCESS_TOKEN = env("ACCESS_TOKEN")
CHANNEL_ID = env("CHANNEL_ID")
ACTION_URL = env("ACTION_URL")
ACTION_SECRET = env("ACTION_SECRET")


def integration(action: str) -> dict:
    """Адрес обработчика и контекст, который Time вернёт ему при нажатии."""
    return {
        "url": ACTION_URL,
        "context": {"action": action, "release": "1452", "secret": ACTION_SECRET},
    }


actions = [
    {"id": "approve", "name": "Согласовать", "type": "button", "style": "good",
     "integration": integration("approve")},
    {"id": "reject", "name": "Отклонить", "type": "button", "style": "danger",
     "integration": integration("reject")},
    {"id": "comment", "name": "Комментарий", "type": "button", "style": "default",
     "integration": integration("comment")},
    {"id": "environment", "name": "Окружение", "type": "select", "default_option": "production",
     "options": [{"text": "Тестовое", "value": "staging"}, {"text": "Рабочее", "value": "production"}],
     "integration": integration("environment")},
    {"id": "assignee", "name": "Дежурный", "type": "select", "data_source": "users",
     "integration": integration("assignee")},
]

post = {
    "channel_id": CHANNEL_ID,
    "message": "Сборка **1452** готова к выкладке в рабочее окружение.",
    "props": {
        "attachments": [
            {
                "fallback": "Сборка 1452 ждёт согласования",
                "color": "#1E88E5",
                "title": "Выкладка сборки 1452",
                "title_link": "https://ci.example.ru/pipelines/5812",
                "text": "Все тесты пройдены. Согласуйте выкладку или отклоните её.",
                "fields": [
                    {"title": "Ветка", "value": "`release-2025-12`", "short": True},
                    {"title": "Тесты", "value": "1284 из 1284", "short": True},
                ],
                "footer": "CI, конвейер 5812",
                "actions": actions,
            }
        ]
    },
}

request = urllib.request.Request(
    SERVER_URL + "/api/v4/posts",
    data=json.dumps(post).encode("utf-8"),
    method="POST",
    headers={"Authorization": f"Bearer {ACCESS_TOKEN}", "Content-Type": "application/json"},
)
try:
    with urllib.request.urlopen(request, timeout=10) as response:
        created = json.load(response)
except urllib.error.HTTPError as error:
    sys.exit(f"Сообщение не опубликовано: HTTP {error.code} {error.read().decode('utf-8', 'replace')}")

print(f"Сообщение с кнопками опубликовано: id={created['id']}")
print(f"Канал: {created['channel_id']}")
print(f"Кнопок и меню: {len(actions)}")

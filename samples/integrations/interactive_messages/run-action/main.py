"""Нажимает кнопку интерактивного сообщения от имени владельца токена.

POST /api/v4/posts/{post_id}/actions/{action_id} — удобно, чтобы проверить обработчик без клиента.
"""
import json
import os
import sys
import urllib.error
import urllib.parse
import urllib.request


def env(name: str) -> str:
    value = os.environ.get(name, "")
    if not value:
        sys.exit(f"Задайте переменную окружения {name}")
    return value


SERVER_URL = env("SERVER_URL")
ACCESS_TOKEN = env("ACCESS_TOKEN")
POST_ID = env("POST_ID")
ACTION_ID = env("ACTION_ID")
SELECTED_OPTION = os.environ.get("SELECTED_OPTION", "")

body = {"selected_option": SELECTED_OPTION} if SELECTED_OPTION else {}
path = "/api/v4/posts/{}/actions/{}".format(
    urllib.parse.quote(POST_ID, safe=""), urllib.parse.quote(ACTION_ID, safe="")
)
request = urllib.request.Request(
    SERVER_URL + path,
    data=json.dumps(body).encode("utf-8"),
    method="POST",
    headers={"Authorization": f"Bearer {ACCESS_TOKEN}", "Content-Type": "application/json"},
)
try:
    with urllib.request.urlopen(request, timeout=35) as response:
        result = json.load(response)
except urllib.error.HTTPError as error:
    sys.exit(f"Действие не выполнено: HTTP {error.code} {error.read().decode('utf-8', 'replace')}")

print(f"Действие {ACTION_ID} выполнено: status={result['status']}")
if SELECTED_OPTION:
    print(f"Выбранное значение: {SELECTED_OPTION}")
print(f"trigger_id: {result.get('trigger_id') or '(пусто)'}")

"""Выполняет slash-команду в канале так, как если бы пользователь ввёл её сам, и печатает ответ сервиса."""
import json
import os
import sys
import urllib.error
import urllib.parse
import urllib.request


def env(name):
    value = os.environ.get(name, "")
    if not value:
        sys.exit(f"Задайте переменную окружения {name}")
    return value


SERVER_URL = env("SERVER_URL").rstrip("/")
ACCESS_TOKEN = env("ACCESS_TOKEN")
TEAM_NAME = env("TEAM_NAME")
CHANNEL_NAME = env("CHANNEL_NAME")
COMMAND_LINE = env("COMMAND_LINE")


def api(method, path, body=None):
    """Запрос к REST API v4. При ответе не 2xx печатает ошибку сервера и завершает программу."""
    data = None if body is None else json.dumps(body).encode("utf-8")
    request = urllib.request.Request(SERVER_URL + "/api/v4" + path, data=data, method=method)
    request.add_header("Authorization", "Bearer " + ACCESS_TOKEN)
    if data is not None:
        request.add_header("Content-Type", "application/json")
    try:
        with urllib.request.urlopen(request, timeout=60) as response:
            return json.load(response)
    except urllib.error.HTTPError as err:
        sys.exit(f"Ошибка {method} {path}: HTTP {err.code}: {err.read().decode('utf-8', 'replace')}")


# 1. Канал, в котором выполняется slash-команда.
quote = urllib.parse.quote
channel = api("GET", f"/teams/name/{quote(TEAM_NAME)}/channels/name/{quote(CHANNEL_NAME)}")
print(f"Канал {channel['name']}: id={channel['id']}")

# 2. Выполнение: сервер Time вызывает сервис slash-команды и возвращает его ответ.
result = api("POST", "/commands/execute", {
    "channel_id": channel["id"],
    "team_id": channel["team_id"],
    "command": COMMAND_LINE,
})
print(f"Выполнена slash-команда: {COMMAND_LINE}")
print(f"Тип ответа: {result.get('response_type') or 'ephemeral'}")
print(f"Текст ответа: {result.get('text', '')}")

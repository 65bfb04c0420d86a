"""Регистрирует slash-команду в команде Time и печатает её токен.

Переменные окружения: SERVER_URL, ACCESS_TOKEN, TEAM_NAME, COMMAND_TRIGGER, COMMAND_URL.
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


SERVER_URL = env("SERVER_URL").rstrip("/")
ACCESS_TOKEN = env("ACCESS_TOKEN")
TEAM_NAME = env("TEAM_NAME")
COMMAND_TRIGGER = env("COMMAND_TRIGGER")
COMMAND_URL = env("COMMAND_URL")


def api(method: str, path: str, body=None):
    """Вызывает REST API v4; при ответе не 2xx завершает программу с текстом ошибки сервера."""
    data = None if body is None else json.dumps(body).encode("utf-8")
    request = urllib.request.Request(SERVER_URL + "/api/v4" + path, data=data, method=method)
    request.add_header("Authorization", "Bearer " + ACCESS_TOKEN)
    request.add_header("Accept", "application/json")
    if data is not None:
        request.add_header("Content-Type", "application/json")
    try:
        with urllib.request.urlopen(request, timeout=30) as response:
            return json.load(response)
    except urllib.error.HTTPError as error:
        detail = error.read().decode("utf-8", "replace")
        sys.exit(f"{method} {path}: HTTP {error.code}: {detail}")


def main() -> None:
    # 1. Идентификатор команды Time по её имени из адреса.
    team = api("GET", "/teams/name/" + urllib.parse.quote(TEAM_NAME, safe=""))
    print(f"Команда Time «{team['display_name']}» ({team['name']}): id={team['id']}")

    # 2. Регистрация: обязательные team_id, trigger, method, url и поля подсказки.
    command = api(
        "POST",
        "/commands",
        {
            "team_id": team["id"],
            "trigger": COMMAND_TRIGGER,
            "method": "P",
            "url": COMMAND_URL,
            "auto_complete": True,
            "auto_complete_desc": "Выложить сборку",
            "auto_complete_hint": "[staging|prod] [версия]",
            "display_name": "Деплой",
            "description": "Запускает выкладку через CI.",
        },
    )
    autocomplete = "да" if command.get("auto_complete") else "нет"
    print(f"Slash-команда /{command['trigger']} создана: id={command['id']}")
    print(f"Адрес обработчика: {command['url']}, метод {command['method']}, подсказки: {autocomplete}")
    print(f"Токен для COMMAND_TOKEN: {command['token']}")


if __name__ == "__main__":
    main()

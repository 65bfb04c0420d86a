"""Регистрирует пользовательскую slash-команду в команде Time и выводит список slash-команд команды."""
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
COMMAND_TRIGGER = env("COMMAND_TRIGGER")
COMMAND_URL = env("COMMAND_URL")


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


# 1. Идентификатор команды Time по её имени.
team = api("GET", "/teams/name/" + urllib.parse.quote(TEAM_NAME))
print(f"Команда {team['name']}: id={team['id']}")

# 2. Новая slash-команда: запросы POST на COMMAND_URL, подсказка при вводе «/».
command = api("POST", "/commands", {
    "team_id": team["id"],
    "trigger": COMMAND_TRIGGER,
    "method": "P",
    "url": COMMAND_URL,
    "display_name": "Деплой",
    "description": "Запускает выкладку через CI.",
    "auto_complete": True,
    "auto_complete_desc": "Выложить сборку",
    "auto_complete_hint": "[staging|prod] [версия]",
})
print(f"Slash-команда /{command['trigger']} создана: id={command['id']}")
print(f"Токен для проверки запросов: {command['token']}")

# 3. Пользовательские slash-команды команды (custom_only=true).
query = urllib.parse.urlencode({"team_id": team["id"], "custom_only": "true"})
commands = api("GET", "/commands?" + query)
print(f"Пользовательских slash-команд в команде {TEAM_NAME}: {len(commands)}")
for c in commands:
    method = "GET" if c.get("method") == "G" else "POST"
    print(f"/{c['trigger']} — {c.get('display_name', '')} ({method} {c.get('url', '')})")

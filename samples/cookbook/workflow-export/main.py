"""Экспортирует автоматизацию Workflow из канала в файл JSON и импортирует её в другой канал."""
import json
import os
import sys
import urllib.error
import urllib.parse
import urllib.request

WF = "/plugins/workflow/api/v1"


def env(name):
    value = os.environ.get(name, "")
    if not value:
        sys.exit(f"Задайте переменную окружения {name}")
    return value


SERVER_URL = env("SERVER_URL").rstrip("/")
ACCESS_TOKEN = env("ACCESS_TOKEN")
TEAM_NAME = env("TEAM_NAME")
CHANNEL_NAME = env("CHANNEL_NAME")
WORKFLOW_NAME = env("WORKFLOW_NAME")
TARGET_CHANNEL_NAME = env("TARGET_CHANNEL_NAME")
EXPORT_FILE = os.environ.get("EXPORT_FILE") or "workflow.json"


def request(method, path, data=None):
    """Запрос к REST API v4; возвращает тело ответа. При ответе не 2xx печатает ошибку и завершает программу."""
    req = urllib.request.Request(SERVER_URL + "/api/v4" + path, data=data, method=method)
    req.add_header("Authorization", "Bearer " + ACCESS_TOKEN)
    if data is not None:
        req.add_header("Content-Type", "application/json")
    try:
        with urllib.request.urlopen(req, timeout=30) as response:
            return response.read()
    except urllib.error.HTTPError as err:
        sys.exit(f"Ошибка {method} {path}: HTTP {err.code}: {err.read().decode('utf-8', 'replace')}")


def api(method, path, body=None):
    data = None if body is None else json.dumps(body).encode("utf-8")
    return json.loads(request(method, path, data))


def channel_by_name(name):
    quote = urllib.parse.quote
    return api("GET", f"/teams/name/{quote(TEAM_NAME)}/channels/name/{quote(name)}")


def state(workflow):
    return "включена" if workflow.get("enabled") else "выключена"


# 1. Исходный канал и его автоматизации.
source = channel_by_name(CHANNEL_NAME)
workflows = api("GET", f"{WF}/channels/{source['id']}/workflows")
print(f"Автоматизаций в канале {source['name']}: {len(workflows)}")
for w in workflows:
    print(f"- {w['name']} (id={w['id']}, триггер {w['trigger']['type']}, {state(w)})")

# 2. Нужная автоматизация по названию.
found = [w for w in workflows if w["name"] == WORKFLOW_NAME]
if not found:
    sys.exit(f"Автоматизация «{WORKFLOW_NAME}» не найдена в канале {CHANNEL_NAME}")

# 3. Экспорт в файл — байты ответа сохраняются как есть.
exported = request("GET", f"{WF}/workflows/{found[0]['id']}/export")
with open(EXPORT_FILE, "wb") as f:
    f.write(exported)
export = json.loads(exported)
print(f"Экспорт сохранён в {EXPORT_FILE}: формат {export['format']}, версия формата {export['format_version']}")

# 4. Импорт файла в другой канал той же команды.
target = channel_by_name(TARGET_CHANNEL_NAME)
with open(EXPORT_FILE, "rb") as f:
    imported = json.loads(request("POST", f"{WF}/channels/{target['id']}/workflows/import", f.read()))
print(f"Импортировано в канал {TARGET_CHANNEL_NAME}: id={imported['id']}, {state(imported)}")

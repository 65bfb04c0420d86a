"""Автоматизации Workflow: список в канале, определение в файл, задание на экспорт и копия в другом канале."""
import json
import os
import sys
import urllib.error
import urllib.parse
import urllib.request

# Маршруты плагина отсчитываются от корня сервера, а не от /api/v4.
WORKFLOW = "/plugins/ru.tinkoff.mm.workflow"


def env(name):
    value = os.environ.get(name, "")
    if not value:
        sys.exit(f"Задайте переменную окружения {name}")
    return value


SERVER_URL = env("SERVER_URL").rstrip("/")
ACCESS_TOKEN = env("ACCESS_TOKEN")
TEAM_NAME = env("TEAM_NAME")
CHANNEL_NAME = env("CHANNEL_NAME")
WORKFLOW_TITLE = env("WORKFLOW_TITLE")
TARGET_CHANNEL_NAME = env("TARGET_CHANNEL_NAME")
WORKFLOW_FILE = os.environ.get("WORKFLOW_FILE") or "workflow.json"


def request(method, path, body=None):
    """Запрос к серверу; возвращает тело ответа. При ответе не 2xx печатает ошибку и завершает программу."""
    data = None if body is None else json.dumps(body, ensure_ascii=False).encode("utf-8")
    req = urllib.request.Request(SERVER_URL + path, data=data, method=method)
    req.add_header("Authorization", "Bearer " + ACCESS_TOKEN)
    if data is not None:
        req.add_header("Content-Type", "application/json")
    try:
        with urllib.request.urlopen(req, timeout=30) as response:
            return response.read()
    except urllib.error.HTTPError as err:
        sys.exit(f"Ошибка {method} {path}: HTTP {err.code}: {err.read().decode('utf-8', 'replace')}")


def api(method, path, body=None):
    return json.loads(request(method, path, body))


def channel_by_name(name):
    quote = urllib.parse.quote
    return api("GET", f"/api/v4/teams/name/{quote(TEAM_NAME, safe='')}/channels/name/{quote(name, safe='')}")


def describe(workflow):
    return f"{workflow['title']} (id={workflow['id']}, триггер {workflow['trigger']}, шагов: {len(workflow['steps'])})"


me = api("GET", "/api/v4/users/me")

# 1. Автоматизации исходного канала: объект «идентификатор → автоматизация», по названиям.
source = channel_by_name(CHANNEL_NAME)
workflows = sorted(api("GET", f"{WORKFLOW}/list/channel/{source['id']}").values(), key=lambda w: w["title"])
print(f"Автоматизаций в канале {CHANNEL_NAME}: {len(workflows)}")
for workflow in workflows:
    print(f"- {describe(workflow)}")
found = [w for w in workflows if w["title"] == WORKFLOW_TITLE]
if not found:
    sys.exit(f"Автоматизация «{WORKFLOW_TITLE}» не найдена в канале {CHANNEL_NAME}")

# 2. Полное определение автоматизации; ответ сохраняется в файл как есть.
raw = request("GET", f"{WORKFLOW}/{source['id']}/{found[0]['id']}")
with open(WORKFLOW_FILE, "wb") as f:
    f.write(raw)
workflow = json.loads(raw)
print(f"Определение сохранено в {WORKFLOW_FILE}: {describe(workflow)}")

# 3. Задание на экспорт: сервер отвечает 201 без тела.
request("POST", f"{WORKFLOW}/workflows/export/task", {"workflow_id": workflow["id"]})
print(f"Задание на экспорт принято: workflow_id={workflow['id']}")

# 4. Копия в целевом канале: шаги, которые писали в исходный канал, пишут в целевой.
target = channel_by_name(TARGET_CHANNEL_NAME)
copy = dict(workflow, id="", channel_id=target["id"], author=me["id"])
copy["steps"] = [
    dict(step, channel_id=target["id"]) if step.get("channel_id") == source["id"] else step
    for step in workflow["steps"]
]
created = api("POST", f"{WORKFLOW}/{target['id']}", {"user_id": me["id"], "channel_id": target["id"], "workflow": copy})
print(f"Копия создана в канале {TARGET_CHANNEL_NAME}, автоматизаций в ответе: {len(created)}")
for item in created:
    print(f"- {describe(item)}, канал {item['channel_id']}")

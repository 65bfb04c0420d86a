"""Публикует от имени бота уведомление о сборке CI с вложением; повтор запроса не создаёт дубль."""
import json
import os
import sys
import time
import urllib.error
import urllib.request

STATUSES = {"success": ("успешно", "#2da44e"), "failure": ("с ошибкой", "#cf222e")}
RETRY_CODES = {408, 429, 500, 502, 503, 504}


def env(name):
    value = os.environ.get(name, "")
    if not value:
        sys.exit(f"Задайте переменную окружения {name}")
    return value


SERVER_URL = env("SERVER_URL").rstrip("/")
ACCESS_TOKEN = env("ACCESS_TOKEN")
CHANNEL_ID = env("CHANNEL_ID")
BUILD_NUMBER = env("BUILD_NUMBER")
BUILD_STATUS = env("BUILD_STATUS")
BUILD_BRANCH = env("BUILD_BRANCH")
BUILD_URL = env("BUILD_URL")


def get_me():
    """GET /api/v4/users/me — пользователь (здесь бот), которому принадлежит токен."""
    request = urllib.request.Request(SERVER_URL + "/api/v4/users/me")
    request.add_header("Authorization", "Bearer " + ACCESS_TOKEN)
    try:
        with urllib.request.urlopen(request, timeout=5) as response:
            return json.load(response)
    except urllib.error.HTTPError as err:
        sys.exit(f"Ошибка GET /users/me: HTTP {err.code}: {err.read().decode('utf-8', 'replace')}")


def create_post(body, attempts=4):
    """POST /api/v4/posts с повторами при сбоях сети и ответах 408, 429 и 5xx."""
    data = json.dumps(body).encode("utf-8")
    for attempt in range(1, attempts + 1):
        request = urllib.request.Request(SERVER_URL + "/api/v4/posts", data=data, method="POST")
        request.add_header("Authorization", "Bearer " + ACCESS_TOKEN)
        request.add_header("Content-Type", "application/json")
        try:
            # 5 с на попытку: четыре попытки с паузами укладываются в 30 секунд, пока сервер узнаёт повтор.
            with urllib.request.urlopen(request, timeout=5) as response:
                return json.load(response)
        except urllib.error.HTTPError as err:
            text = err.read().decode("utf-8", "replace")
            if err.code not in RETRY_CODES or attempt == attempts:
                sys.exit(f"Ошибка POST /posts: HTTP {err.code}: {text}")
        except urllib.error.URLError as err:
            if attempt == attempts:
                sys.exit(f"Ошибка POST /posts: {err.reason}")
        time.sleep(2)
    raise AssertionError("unreachable")


if BUILD_STATUS not in STATUSES:
    sys.exit("BUILD_STATUS должен быть success или failure")
status_text, color = STATUSES[BUILD_STATUS]
# Ключ вида <id бота>:<время в мс> берётся один раз и повторяется во всех попытках:
# в течение 30 секунд повтор вернёт уже созданное сообщение, а не создаст второе.
bot_id = get_me()["id"]
idempotency_key = f"{bot_id}:{time.time_ns() // 1_000_000}"

post = create_post({
    "channel_id": CHANNEL_ID,
    "message": f"Сборка **{BUILD_NUMBER}** (`{BUILD_BRANCH}`): {status_text}",
    "idempotency_key": idempotency_key,
    "props": {"attachments": [{
        "fallback": f"Сборка {BUILD_NUMBER}: {status_text}",
        "color": color,
        "title": f"Сборка {BUILD_NUMBER}",
        "title_link": BUILD_URL,
        "fields": [
            {"short": True, "title": "Ветка", "value": BUILD_BRANCH},
            {"short": True, "title": "Результат", "value": status_text},
        ],
    }]},
})
print(f"Уведомление о сборке {BUILD_NUMBER} опубликовано: id={post['id']}, канал {post['channel_id']}")
print(f"Ключ идемпотентности составлен для бота id={bot_id}")

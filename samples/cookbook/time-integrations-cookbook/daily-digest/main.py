"""Собирает сообщения канала за последние сутки и отправляет сводку личным сообщением или в другой канал."""
import json
import os
import sys
import time
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
DIGEST_TO = env("DIGEST_TO")
# Начало периода в миллисекундах Unix; по умолчанию — сутки назад.
DIGEST_SINCE = int(os.environ.get("DIGEST_SINCE") or (int(time.time()) - 86400) * 1000)


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


# 1. Канал по имени.
quote = urllib.parse.quote
channel = api("GET", f"/teams/name/{quote(TEAM_NAME)}/channels/name/{quote(CHANNEL_NAME)}")

# 2. Всё, что изменилось в канале после DIGEST_SINCE (не больше 1000 сообщений).
post_list = api("GET", f"/channels/{channel['id']}/posts?since={DIGEST_SINCE}")

# 3. Только новые и не удалённые сообщения, по возрастанию времени; ответы считаются по обсуждениям.
new = sorted(
    (p for p in post_list["posts"].values() if p["delete_at"] == 0 and p["create_at"] >= DIGEST_SINCE),
    key=lambda p: p["create_at"],
)
roots = [p for p in new if p["root_id"] == ""]
replies = [p for p in new if p["root_id"] != ""]
items = [{
    "id": r["id"],
    "title": r["message"].split("\n")[0],
    "replies": sum(1 for p in replies if p["root_id"] == r["id"]),
} for r in roots]
print(f"Канал {channel['name']}: новых сообщений: {len(new)} (корневых: {len(roots)}, ответов: {len(replies)})")
for item in items:
    print(f"- {item['title']} (ответов: {item['replies']})")

# 4. Текст сводки со ссылками на сообщения и отправка адресату.
base = f"{SERVER_URL}/{TEAM_NAME}/pl/"
lines = [f"**Сводка канала ~{CHANNEL_NAME} за сутки** — сообщений: {len(new)}, обсуждений: {len(roots)}."]
lines += [f"- [{i['title']}]({base}{i['id']}) — ответов: {i['replies']}" for i in items]
post = api("POST", "/posts", {"peer": DIGEST_TO, "message": "\n".join(lines)})
print(f"Сводка отправлена {DIGEST_TO}: id={post['id']}")

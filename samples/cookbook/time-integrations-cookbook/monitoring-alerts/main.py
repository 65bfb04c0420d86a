"""Публикует алерт, ставит под ним реакцию-подсказку и проверяет, кто подтвердил алерт такой же реакцией.
"""
import json
import os
import sys
import urllib.error
import urllib.request


def env(name):
    value = os.environ.get(name, "")
    if not value:
        sys.exit(f"Задайте переменную окружения {name}")
    return value


SERVER_URL = env("SERVER_URL").rstrip("/")
ACCESS_TOKEN = env("ACCESS_TOKEN")
CHANNEL_ID = env("CHANNEL_ID")
ALERT_ID = env("ALERT_ID")
ALERT_TEXT = env("ALERT_TEXT")
ACK_EMOJI = os.environ.get("ACK_EMOJI") or "white_check_mark"


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


# 1. Идентификатор бота — реакция ставится от его имени.
bot_id = api("GET", "/users/me")["id"]

# 2. Алерт. Каждый запуск публикует новое сообщение, поэтому запускайте программу один раз на срабатывание.
post = api("POST", "/posts", {
    "channel_id": CHANNEL_ID,
    "message": f":rotating_light: **Алерт:** {ALERT_TEXT}\nПоставьте :{ACK_EMOJI}:, если взяли алерт в работу.",
})
print(f"Алерт {ALERT_ID} опубликован: id={post['id']}")

# 3. Реакция-подсказка: дежурному достаточно нажать на неё. Повторная такая же реакция ничего не меняет.
api("POST", "/reactions", {"user_id": bot_id, "post_id": post["id"], "emoji_name": ACK_EMOJI})
print(f"Реакция для подтверждения: :{ACK_EMOJI}:")

# 4. Кто подтвердил: все, кроме самого бота, поставившие ту же реакцию.
reactions = api("GET", f"/posts/{post['id']}/reactions")
acked = [r["user_id"] for r in reactions if r["emoji_name"] == ACK_EMOJI and r["user_id"] != bot_id]
print("Подтвердили: " + ", ".join(acked) if acked else "Подтверждений пока нет")

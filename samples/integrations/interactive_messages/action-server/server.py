"""Обработчик кнопок и меню сообщения «Выкладка сборки 1452» (см. post-buttons).

POST /time/actions — нажатия кнопок и выбор в меню; POST /time/comment — форма комментария.
Запуск: PORT=8080 SERVER_URL=... ACCESS_TOKEN=... ACTION_SECRET=... PUBLIC_URL=... python3 server.py
"""
import hmac
import json
import os
import secrets
import sys
import threading
import time
import urllib.error
import urllib.parse
import urllib.request
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any, Dict, Optional


def required(name: str) -> str:
    value = os.environ.get(name, "")
    if not value:
        sys.exit(f"Задайте переменную окружения {name}")
    return value


PORT = int(os.environ.get("PORT", "8080"))
SERVER_URL = required("SERVER_URL")  # https://time.example.ru
ACCESS_TOKEN = required("ACCESS_TOKEN")  # токен бота, автора сообщения
ACTION_SECRET = required("ACTION_SECRET")  # тот же секрет, что в integration.context
PUBLIC_URL = required("PUBLIC_URL")  # внешний адрес этого сервиса, например https://ci.example.ru

MAX_BODY = 1024 * 1024
STATE_TTL = 10 * 60

# Открытые формы комментария: state → кто и к какому сообщению пишет.
pending: Dict[str, Dict[str, Any]] = {}
pending_lock = threading.Lock()


def api(method: str, path: str, body: Optional[dict] = None) -> dict:
    data = None if body is None else json.dumps(body).encode("utf-8")
    request = urllib.request.Request(
        SERVER_URL + path,
        data=data,
        method=method,
        headers={"Authorization": f"Bearer {ACCESS_TOKEN}", "Content-Type": "application/json"},
    )
    try:
        with urllib.request.urlopen(request, timeout=2.5) as response:
            return json.load(response)
    except urllib.error.HTTPError as error:
        detail = error.read().decode("utf-8", "replace")
        raise RuntimeError(f"{method} {path}: HTTP {error.code} {detail}") from error


def same_secret(value: Any) -> bool:
    return isinstance(value, str) and hmac.compare_digest(value.encode(), ACTION_SECRET.encode())


def text(value: Any) -> str:
    return value if isinstance(value, str) else ""


def open_comment_dialog(request: dict, release: str) -> None:
    state = secrets.token_hex(16)
    with pending_lock:
        pending[state] = {
            "user_id": request["user_id"],
            "user_name": request["user_name"],
            "post_id": request["post_id"],
            "channel_id": request["channel_id"],
            "expires": time.time() + STATE_TTL,
        }
    api("POST", "/api/v4/actions/dialogs/open", {
        "trigger_id": request["trigger_id"],
        "url": f"{PUBLIC_URL}/time/comment",
        "dialog": {
            "callback_id": "release-comment",
            "title": "Комментарий к выкладке",
            "introduction_text": f"Комментарий появится в обсуждении сообщения о сборке **{release}**.",
            "submit_label": "Отправить",
            "state": state,
            "elements": [
                {
                    "display_name": "Комментарий",
                    "name": "comment",
                    "type": "textarea",
                    "min_length": 10,
                    "max_length": 1000,
                    "placeholder": "Что проверить перед выкладкой",
                }
            ],
        },
    })


def handle_action(request: dict) -> dict:
    context = request.get("context") or {}
    release = text(context.get("release")) or "без номера"
    action = context.get("action")

    if action == "approve":
        # Новые props без actions: кнопки исчезают, остаётся зелёная плашка.
        return {
            "update": {
                "message": f"Выкладка сборки **{release}** согласована: @{request['user_name']}.",
                "props": {"attachments": [{"color": "#2E7D32", "text": "Конвейер продолжит работу автоматически."}]},
            },
            "ephemeral_text": "Готово: вы согласовали выкладку.",
        }
    if action == "reject":
        # Пустые props убирают вложение целиком.
        return {"update": {"message": f"Выкладка сборки **{release}** отклонена: @{request['user_name']}.", "props": {}}}
    if action == "environment":
        value = text(context.get("selected_option"))
        if value not in ("staging", "production"):
            return {"ephemeral_text": "Такого окружения нет. Выберите значение из списка."}
        # update не передан — сообщение и кнопки остаются как были.
        return {"ephemeral_text": f"Окружение для сборки {release}: `{value}`."}
    if action == "assignee":
        user_id = text(context.get("selected_option"))
        user = api("GET", "/api/v4/users/" + urllib.parse.quote(user_id, safe=""))
        return {
            "ephemeral_text": f"Дежурным назначен @{user['username']}. [График дежурств](https://ci.example.ru/duty)",
            "skip_slack_parsing": True,
        }
    if action == "comment":
        # trigger_id живёт 3 секунды: открываем диалог до ответа на запрос.
        open_comment_dialog(request, release)
        return {}
    return {"ephemeral_text": "Неизвестное действие. Обновите страницу и попробуйте ещё раз."}


def handle_comment(submission: dict) -> dict:
    state = text(submission.get("state"))
    with pending_lock:
        item = pending.get(state)
        if submission.get("cancelled"):
            pending.pop(state, None)
            return {}
    if item is None or item["expires"] < time.time() or item["user_id"] != submission.get("user_id"):
        return {"error": "Форма устарела. Нажмите «Комментарий» в сообщении ещё раз."}
    comment = text((submission.get("submission") or {}).get("comment")).strip()
    if len(comment) < 10:
        return {"errors": {"comment": "Напишите хотя бы 10 символов."}}
    if len(comment) > 1000:
        return {"errors": {"comment": "Не больше 1000 символов."}}
    quoted = comment.replace("\n", "\n> ")
    api("POST", "/api/v4/posts", {
        "channel_id": item["channel_id"],
        "root_id": item["post_id"],
        "message": f"Комментарий от @{item['user_name']}:\n> {quoted}",
    })
    with pending_lock:
        pending.pop(state, None)
    return {}


def purge_expired() -> None:
    while True:
        time.sleep(60)
        now = time.time()
        with pending_lock:
            for state in [s for s, item in pending.items() if item["expires"] < now]:
                del pending[state]


class Handler(BaseHTTPRequestHandler):
    def send_json(self, status: int, body: Any) -> None:
        data = json.dumps(body, ensure_ascii=False).encode("utf-8")
        self.send_response(status)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(data)))
        self.end_headers()
        self.wfile.write(data)

    def do_GET(self) -> None:
        self.send_json(405, {"error": "только POST"})

    def do_POST(self) -> None:
        length = int(self.headers.get("Content-Length") or 0)
        if length > MAX_BODY:
            self.send_json(413, {"error": "тело запроса больше 1 МиБ"})
            return
        try:
            payload = json.loads(self.rfile.read(length) or b"null")
        except ValueError:
            self.send_json(400, {"error": "ожидался JSON"})
            return
        if not isinstance(payload, dict):
            self.send_json(400, {"error": "ожидался объект JSON"})
            return

        if self.path == "/time/actions":
            if not same_secret((payload.get("context") or {}).get("secret")):
                self.log_message("отклонён запрос с неверным секретом")
                self.send_json(403, {"error": "forbidden"})
                return
            try:
                self.send_json(200, handle_action(payload))
            except Exception as error:  # noqa: BLE001 — пользователь должен получить ответ
                self.log_message("действие не выполнено: %s", error)
                self.send_json(200, {"ephemeral_text": "Не получилось выполнить действие. Попробуйте ещё раз через минуту."})
            return

        if self.path == "/time/comment":
            if payload.get("type") != "dialog_submission":
                self.send_json(400, {"error": "ожидалась форма диалога"})
                return
            try:
                self.send_json(200, handle_comment(payload))
            except Exception as error:  # noqa: BLE001
                self.log_message("комментарий не сохранён: %s", error)
                self.send_json(200, {"error": "Комментарий не сохранён: Time не ответил. Попробуйте ещё раз."})
            return

        self.send_json(404, {"error": "нет такого адреса"})


if __name__ == "__main__":
    threading.Thread(target=purge_expired, daemon=True).start()
    server = ThreadingHTTPServer(("0.0.0.0", PORT), Handler)
    print(f"Обработчик кнопок слушает порт {PORT}", flush=True)
    server.serve_forever()

"""Сервис заявок на выкладку: slash-команда /deploy открывает диалог, сервис проверяет форму
и публикует заявку в канале.

POST /time/deploy — запрос slash-команды; POST /time/deploy/submit — отправка или отмена формы.
Запуск: PORT=8080 SERVER_URL=... ACCESS_TOKEN=... COMMAND_TOKEN=... PUBLIC_URL=... python3 server.py
"""
import hmac
import json
import os
import re
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
ACCESS_TOKEN = required("ACCESS_TOKEN")  # токен бота, который открывает диалог и пишет в канал
COMMAND_TOKEN = required("COMMAND_TOKEN")  # токен slash-команды /deploy
PUBLIC_URL = required("PUBLIC_URL")  # внешний адрес этого сервиса, например https://ci.example.ru

MAX_BODY = 1024 * 1024
STATE_TTL = 15 * 60
VERSION = re.compile(r"^\d+\.\d+\.\d+$")
USER_ID = re.compile(r"^[a-z0-9]{26}$")

# Открытые формы: state → кто открыл и где. Храните в Redis или БД, если экземпляров сервиса несколько.
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


def as_str(value: Any) -> str:
    if isinstance(value, str):
        return value
    if isinstance(value, (int, float)) and not isinstance(value, bool):
        return str(value)
    return ""


def deploy_dialog(state: str, version: str) -> dict:
    return {
        "callback_id": "deploy-request",
        "title": "Заявка на выкладку",
        "introduction_text": "Заявку получит согласующий, а канал увидит её после отправки.",
        "submit_label": "Отправить",
        "notify_on_cancel": True,
        "state": state,
        "elements": [
            {
                "display_name": "Окружение",
                "name": "environment",
                "type": "radio",
                "default": "staging",
                "options": [
                    {"text": "Тестовое (staging)", "value": "staging"},
                    {"text": "Рабочее (production)", "value": "production"},
                ],
            },
            {
                "display_name": "Версия",
                "name": "version",
                "type": "text",
                "subtype": "text",
                "default": version,
                "placeholder": "2.14.0",
                "help_text": "Номер сборки в формате X.Y.Z.",
                "min_length": 5,
                "max_length": 20,
            },
            {
                "display_name": "Согласующий",
                "name": "approver",
                "type": "select",
                "data_source": "users",
                "placeholder": "Начните вводить имя",
            },
            {
                "display_name": "Комментарий",
                "name": "comment",
                "type": "textarea",
                "optional": True,
                "max_length": 1000,
                "placeholder": "Что меняется и как откатить",
            },
            {
                "display_name": "Уведомление",
                "name": "notify_approver",
                "type": "bool",
                "optional": True,
                "default": "true",
                "placeholder": "Написать согласующему в личные сообщения",
            },
        ],
    }


def validate(values: dict, author_id: str) -> Dict[str, str]:
    errors: Dict[str, str] = {}
    environment = as_str(values.get("environment"))
    if environment not in ("staging", "production"):
        errors["environment"] = "Выберите окружение."
    if not VERSION.match(as_str(values.get("version")).strip()):
        errors["version"] = "Укажите версию в формате 2.14.0."
    approver = as_str(values.get("approver"))
    if not USER_ID.match(approver):
        errors["approver"] = "Выберите согласующего."
    elif approver == author_id:
        errors["approver"] = "Нельзя согласовать собственную заявку."
    comment = as_str(values.get("comment")).strip()
    if len(comment) > 1000:
        errors["comment"] = "Не больше 1000 символов."
    elif environment == "production" and not comment:
        errors["comment"] = "Для рабочего окружения опишите, как откатить изменения."
    return errors


def handle_submit(submission: dict) -> dict:
    state = as_str(submission.get("state"))
    with pending_lock:
        form = pending.get(state)
        if submission.get("cancelled"):
            pending.pop(state, None)
            print(f"форма {state} закрыта без отправки пользователем {submission.get('user_id')}", flush=True)
            return {}
    if form is None or form["expires"] < time.time() or form["user_id"] != submission.get("user_id"):
        return {"error": "Форма устарела. Вызовите /deploy ещё раз."}

    values = submission.get("submission") or {}
    errors = validate(values, form["user_id"])
    if errors:
        return {"errors": errors}

    environment = as_str(values.get("environment"))
    version = as_str(values.get("version")).strip()
    comment = as_str(values.get("comment")).strip()
    notify = values.get("notify_approver") in (True, "true")

    try:
        approver = api("GET", "/api/v4/users/" + as_str(values.get("approver")))
        message = (
            f"@{form['user_name']} просит выложить **{version}** в `{environment}`. "
            f"Согласующий: @{approver['username']}."
        )
        if comment:
            message += "\n> " + comment.replace("\n", "\n> ")
        api("POST", "/api/v4/posts", {"channel_id": form["channel_id"], "message": message})
        if notify:
            api("POST", "/api/v4/posts", {
                "peer": f"@{approver['username']}",
                "message": (
                    f"Вас назначили согласующим выкладки **{version}** в `{environment}`. "
                    f"Заявка — в канале ~{form['channel_name']}."
                ),
            })
    except (RuntimeError, OSError, KeyError, ValueError) as error:
        print(f"заявка не опубликована: {error}", file=sys.stderr, flush=True)
        return {"error": "Заявка не отправлена: Time не ответил. Нажмите «Отправить» ещё раз."}

    with pending_lock:
        pending.pop(state, None)
    return {}


def purge_expired() -> None:
    while True:
        time.sleep(60)
        now = time.time()
        with pending_lock:
            for state in [s for s, form in pending.items() if form["expires"] < now]:
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
        body = self.rfile.read(length).decode("utf-8", "replace")

        if self.path == "/time/deploy":
            self.handle_command(body)
            return

        if self.path == "/time/deploy/submit":
            try:
                submission = json.loads(body)
            except ValueError:
                self.send_json(400, {"error": "ожидался JSON"})
                return
            if (
                not isinstance(submission, dict)
                or submission.get("type") != "dialog_submission"
                or submission.get("callback_id") != "deploy-request"
            ):
                self.send_json(400, {"error": "ожидалась форма deploy-request"})
                return
            self.send_json(200, handle_submit(submission))
            return

        self.send_json(404, {"error": "нет такого адреса"})

    def handle_command(self, body: str) -> None:
        """Запрос slash-команды: форма application/x-www-form-urlencoded."""
        form = {key: values[0] for key, values in urllib.parse.parse_qs(body).items()}
        header = self.headers.get("Authorization") or ""
        token = header[len("Token "):] if header.startswith("Token ") else form.get("token", "")
        if not hmac.compare_digest(token.encode(), COMMAND_TOKEN.encode()):
            self.send_json(401, {"error": "неверный токен slash-команды"})
            return

        state = secrets.token_hex(16)
        with pending_lock:
            pending[state] = {
                "user_id": form.get("user_id", ""),
                "user_name": form.get("user_name", ""),
                "channel_id": form.get("channel_id", ""),
                "channel_name": form.get("channel_name", ""),
                "expires": time.time() + STATE_TTL,
            }
        words = form.get("text", "").split()
        argument = words[0] if words else ""

        try:
            # trigger_id действует 3 секунды: открываем диалог сразу, до ответа на команду.
            api("POST", "/api/v4/actions/dialogs/open", {
                "trigger_id": form.get("trigger_id", ""),
                "url": f"{PUBLIC_URL}/time/deploy/submit",
                "dialog": deploy_dialog(state, argument if VERSION.match(argument) else ""),
            })
        except (RuntimeError, OSError, ValueError) as error:
            with pending_lock:
                pending.pop(state, None)
            print(f"диалог не открыт: {error}", file=sys.stderr, flush=True)
            self.send_json(200, {
                "response_type": "ephemeral",
                "text": "Не удалось открыть форму. Повторите `/deploy` через минуту.",
            })
            return
        # Пустой ответ: в канале ничего не появляется, пользователь видит только форму.
        self.send_response(200)
        self.send_header("Content-Length", "0")
        self.end_headers()


if __name__ == "__main__":
    threading.Thread(target=purge_expired, daemon=True).start()
    server = ThreadingHTTPServer(("0.0.0.0", PORT), Handler)
    print(f"Сервис заявок слушает порт {PORT}", flush=True)
    server.serve_forever()

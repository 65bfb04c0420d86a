"""Приёмник нажатий кнопок и выбора в меню интерактивного сообщения Time.

Запуск: ACTION_URL=https://bots.example.ru/actions ACTION_SECRET=... PORT=8080 python3 server.py
"""
import hmac
import json
import os
import sys
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

PORT = int(os.environ.get("PORT", "8080"))
ACTION_URL = os.environ.get("ACTION_URL", "")
ACTION_SECRET = os.environ.get("ACTION_SECRET", "")
ENVIRONMENTS = ("staging", "production")


def context(action, release, env):
    return {"action": action, "release": release, "env": env, "secret": ACTION_SECRET}


def open_attachment(release, env):
    """Вложение с меню и кнопками — такое же, как публикует main.py, но с выбранным окружением."""
    return {
        "fallback": f"Выкладка сборки {release}: нужно решение",
        "color": "#2f81f7",
        "title": f"Выкладка сборки {release}",
        "text": "Выберите окружение, затем одобрите или отклоните выкладку.",
        "fields": [{"short": True, "title": "Окружение", "value": env}],
        "actions": [
            {
                "id": "env", "name": "Окружение", "type": "select", "default_option": env,
                "options": [{"text": e, "value": e} for e in ENVIRONMENTS],
                "integration": {"url": ACTION_URL, "context": context("env", release, env)},
            },
            {
                "id": "approve", "name": "Одобрить", "type": "button", "style": "success",
                "integration": {"url": ACTION_URL, "context": context("approve", release, env)},
            },
            {
                "id": "reject", "name": "Отклонить", "type": "button", "style": "danger",
                "integration": {"url": ACTION_URL, "context": context("reject", release, env)},
            },
        ],
    }


def closed_attachment(release, env, color, text):
    """Вложение без кнопок: решение принято, нажимать больше нечего."""
    return {
        "fallback": f"Выкладка сборки {release}: {text}",
        "color": color,
        "title": f"Выкладка сборки {release}",
        "text": text,
        "fields": [{"short": True, "title": "Окружение", "value": env}],
    }


def handle(payload):
    """Возвращает (код HTTP, тело ответа) для запроса, который Time присылает при нажатии."""
    ctx = payload.get("context") or {}
    if not hmac.compare_digest(str(ctx.get("secret", "")), ACTION_SECRET):
        return 403, {"error": "invalid secret"}
    user = payload.get("user_name") or payload.get("user_id", "")
    release = str(ctx.get("release", ""))
    env = str(ctx.get("env", "staging"))
    action = ctx.get("action")

    if action == "env":
        # Выбранный пункт меню сервер кладёт в context.selected_option.
        selected = str(ctx.get("selected_option", ""))
        if selected not in ENVIRONMENTS:
            return 200, {"ephemeral_text": f"Неизвестное окружение: {selected}"}
        return 200, {
            "update": {
                "message": f"Сборка **{release}** готова к выкладке.",
                "props": {"attachments": [open_attachment(release, selected)]},
            },
            "ephemeral_text": f"Окружение выкладки: {selected}.",
        }
    if action == "approve":
        return 200, {
            "update": {
                "message": f"Сборка **{release}** одобрена к выкладке в {env}: @{user}.",
                "props": {"attachments": [closed_attachment(release, env, "#2da44e", "Одобрено")]},
            },
            "ephemeral_text": f"Вы одобрили выкладку сборки {release} в {env}.",
        }
    if action == "reject":
        return 200, {
            "update": {
                "message": f"Выкладка сборки **{release}** отклонена: @{user}.",
                "props": {"attachments": [closed_attachment(release, env, "#cf222e", "Отклонено")]},
            },
            "ephemeral_text": f"Вы отклонили выкладку сборки {release}.",
        }
    return 400, {"error": f"unknown action: {action}"}


class Handler(BaseHTTPRequestHandler):
    def do_POST(self):
        if self.path != "/actions":
            self.reply(404, {"error": "not found"})
            return
        length = int(self.headers.get("Content-Length", "0"))
        try:
            payload = json.loads(self.rfile.read(length) or b"{}")
        except json.JSONDecodeError:
            self.reply(400, {"error": "invalid JSON"})
            return
        status, body = handle(payload)
        print(f"{payload.get('user_name', '')} {payload.get('post_id', '')} "
              f"{(payload.get('context') or {}).get('action')} -> {status}", flush=True)
        self.reply(status, body)

    def reply(self, status, body):
        data = json.dumps(body, ensure_ascii=False).encode("utf-8")
        self.send_response(status)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(data)))
        self.end_headers()
        self.wfile.write(data)


if __name__ == "__main__":
    if not ACTION_URL or not ACTION_SECRET:
        sys.exit("Задайте ACTION_URL и ACTION_SECRET")
    print(f"Приёмник действий слушает порт {PORT}", flush=True)
    ThreadingHTTPServer(("", PORT), Handler).serve_forever()

"""Сервис slash-команды /deploy: проверяет токен, сразу отвечает и позже присылает итог через response_url.

Запуск: COMMAND_TOKEN=... PORT=8080 python3 server.py
"""
import hmac
import itertools
import json
import os
import sys
import threading
import time
import urllib.error
import urllib.parse
import urllib.request
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

PORT = int(os.environ.get("PORT", "8080"))
COMMAND_TOKEN = os.environ.get("COMMAND_TOKEN", "")
DEPLOY_SECONDS = int(os.environ.get("DEPLOY_SECONDS", "15"))
ENVIRONMENTS = ("staging", "prod")
pipelines = itertools.count(5812)


def ephemeral(text):
    return {"response_type": "ephemeral", "text": text}


def finish_later(response_url, env, version, pipeline, user):
    """Имитирует выкладку и публикует итог отложенным ответом на response_url."""
    time.sleep(DEPLOY_SECONDS)
    body = json.dumps({
        "response_type": "in_channel",
        "text": f"Выкладка **{version}** в {env} завершена (конвейер {pipeline}). @{user}, проверьте результат.",
    }).encode("utf-8")
    request = urllib.request.Request(response_url, data=body, method="POST",
                                     headers={"Content-Type": "application/json"})
    try:
        with urllib.request.urlopen(request, timeout=10) as response:
            print(f"Отложенный ответ отправлен: HTTP {response.status}", flush=True)
    except (urllib.error.URLError, OSError) as err:
        print(f"Отложенный ответ не доставлен: {err}", file=sys.stderr, flush=True)


def handle(form, authorization):
    """Возвращает (код HTTP, ответ) на запрос slash-команды."""
    token = form.get("token", "")
    if authorization.startswith("Token "):
        token = authorization[len("Token "):]
    if not COMMAND_TOKEN or not hmac.compare_digest(token, COMMAND_TOKEN):
        return 401, {"text": "invalid token"}

    args = form.get("text", "").split()
    if len(args) != 2 or args[0] not in ENVIRONMENTS:
        return 200, ephemeral("Неизвестная среда. Укажите `staging` или `prod`: `/deploy staging 1.4.2`.")
    env, version = args
    pipeline = next(pipelines)
    user = form.get("user_name", "")
    threading.Thread(target=finish_later, args=(form.get("response_url", ""), env, version, pipeline, user),
                     daemon=True).start()
    return 200, {
        "response_type": "in_channel",
        "text": f"Выкладка **{version}** в {env} запущена: https://ci.example.ru/pipelines/{pipeline}",
    }


class Handler(BaseHTTPRequestHandler):
    def do_POST(self):
        if self.path != "/command":
            self.reply(404, {"text": "not found"})
            return
        length = int(self.headers.get("Content-Length", "0"))
        raw = self.rfile.read(length).decode("utf-8")
        form = {k: v[0] for k, v in urllib.parse.parse_qs(raw, keep_blank_values=True).items()}
        status, body = handle(form, self.headers.get("Authorization", ""))
        print(f"{form.get('user_name', '')} {form.get('command', '')} {form.get('text', '')} -> {status}", flush=True)
        self.reply(status, body)

    def reply(self, status, body):
        data = json.dumps(body, ensure_ascii=False).encode("utf-8")
        self.send_response(status)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(data)))
        self.end_headers()
        self.wfile.write(data)


if __name__ == "__main__":
    if not COMMAND_TOKEN:
        sys.exit("Задайте COMMAND_TOKEN — токен slash-команды из ответа POST /api/v4/commands")
    print(f"Сервис slash-команды слушает порт {PORT}", flush=True)
    ThreadingHTTPServer(("", PORT), Handler).serve_forever()

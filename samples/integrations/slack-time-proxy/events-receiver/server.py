"""Приёмник Events API для slack-time-proxy на стандартной библиотеке Python 3.9+.

Проверяет подпись X-Slack-Signature, отвечает на url_verification, отбрасывает
повторы по event_id и отвечает на упоминание бота в обсуждении через chat.postMessage.

Переменные окружения:
  PORT                  порт HTTP-сервера, по умолчанию 8080;
  SLACK_SIGNING_SECRET  то же значение, что PROXY_SIGNING_SECRET у прокси;
  SLACK_BOT_TOKEN       токен бота Time для ответов;
  SLACK_API_URL         адрес Web API прокси, например https://time.example.ru/slack/api/.
"""
import hashlib
import hmac
import json
import os
import re
import sys
import threading
import time
import urllib.error
import urllib.request
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any, Dict

SIGNING_SECRET = os.environ.get("SLACK_SIGNING_SECRET", "")
BOT_TOKEN = os.environ.get("SLACK_BOT_TOKEN", "")
API_URL = os.environ.get("SLACK_API_URL", "https://time.example.ru/slack/api/").rstrip("/") + "/"
MAX_SKEW_SECONDS = 300
MAX_BODY_BYTES = 1024 * 1024
MENTION_RE = re.compile(r"<@[a-z0-9]{26}(\|[^>]*)?>\s*")

_seen: Dict[str, float] = {}
_seen_lock = threading.Lock()


def signature_ok(timestamp: str, signature: str, body: bytes) -> bool:
    """Сверяет подпись v0 = HMAC-SHA256(секрет, "v0:<timestamp>:<тело>")."""
    if not timestamp.isdigit() or abs(time.time() - int(timestamp)) > MAX_SKEW_SECONDS:
        return False
    base = b"v0:" + timestamp.encode("ascii") + b":" + body
    expected = "v0=" + hmac.new(SIGNING_SECRET.encode("utf-8"), base, hashlib.sha256).hexdigest()
    return hmac.compare_digest(expected.encode("ascii"), signature.encode("latin-1", "replace"))


def first_time(event_id: str) -> bool:
    """True, если событие с таким event_id пришло впервые за последний час."""
    now = time.time()
    with _seen_lock:
        for key in [k for k, at in _seen.items() if now - at > 3600]:
            del _seen[key]
        if event_id in _seen:
            return False
        _seen[event_id] = now
        return True


def slack_call(method: str, args: Dict[str, Any]) -> Dict[str, Any]:
    """Вызывает метод Web API через прокси и возвращает разобранный ответ."""
    request = urllib.request.Request(
        API_URL + method,
        data=json.dumps(args).encode("utf-8"),
        headers={
            "Authorization": f"Bearer {BOT_TOKEN}",
            "Content-Type": "application/json; charset=utf-8",
        },
        method="POST",
    )
    with urllib.request.urlopen(request, timeout=30) as response:
        data: Dict[str, Any] = json.load(response)
    if not data.get("ok"):
        raise RuntimeError(f"{method}: {data.get('error')} {data.get('response_metadata', {})}")
    return data


def handle_event(event: Dict[str, Any]) -> None:
    """Обработка события после ответа прокси: здесь можно работать дольше 3 секунд."""
    if event.get("bot_id"):
        return  # свои и чужие сообщения ботов не обрабатываем, чтобы не зациклиться
    if event.get("type") == "app_mention":
        request_text = MENTION_RE.sub("", event.get("text", "")).strip() or "(пусто)"
        try:
            slack_call("chat.postMessage", {
                "channel": event["channel"],
                "thread_ts": event.get("thread_ts") or event["ts"],
                "text": f"<@{event['user']}>, принято: {request_text}",
            })
        except (urllib.error.URLError, RuntimeError) as err:
            print(f"не удалось ответить: {err}", file=sys.stderr)


class Handler(BaseHTTPRequestHandler):
    def do_POST(self) -> None:
        if self.path != "/slack/events":
            self.send_error(404)
            return
        length = int(self.headers.get("Content-Length") or 0)
        if length <= 0 or length > MAX_BODY_BYTES:
            self.send_error(413 if length > MAX_BODY_BYTES else 400)
            return
        body = self.rfile.read(length)
        timestamp = self.headers.get("X-Slack-Request-Timestamp", "")
        signature = self.headers.get("X-Slack-Signature", "")
        if not signature_ok(timestamp, signature, body):
            self.send_error(401, "invalid signature")
            return
        try:
            payload = json.loads(body)
        except ValueError:
            self.send_error(400, "body is not JSON")
            return

        if payload.get("type") == "url_verification":
            self.reply_json({"challenge": payload.get("challenge", "")})
            return

        retry = self.headers.get("X-Slack-Retry-Num")
        if retry:
            reason = self.headers.get("X-Slack-Retry-Reason", "")
            print(f"повтор {retry} ({reason}) события {payload.get('event_id')}")
        # Сначала отвечаем 200, затем обрабатываем: прокси ждёт ответа не дольше 3 секунд.
        self.reply_json({"ok": True})
        if payload.get("type") == "event_callback" and first_time(str(payload.get("event_id", ""))):
            threading.Thread(target=handle_event, args=(payload.get("event", {}),), daemon=True).start()

    def do_GET(self) -> None:
        if self.path == "/healthz":
            self.reply_json({"status": "ok"})
        else:
            self.send_error(404)

    def reply_json(self, data: Dict[str, Any]) -> None:
        raw = json.dumps(data).encode("utf-8")
        self.send_response(200)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(raw)))
        self.end_headers()
        self.wfile.write(raw)


def main() -> None:
    if not SIGNING_SECRET or not BOT_TOKEN:
        sys.exit("Задайте переменные SLACK_SIGNING_SECRET и SLACK_BOT_TOKEN")
    port = int(os.environ.get("PORT", "8080"))
    server = ThreadingHTTPServer(("0.0.0.0", port), Handler)
    print(f"Приёмник событий слушает порт {port}, путь /slack/events")
    server.serve_forever()


if __name__ == "__main__":
    main()

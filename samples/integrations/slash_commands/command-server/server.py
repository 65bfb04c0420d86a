"""Обработчик slash-команды /deploy для Time: проверяет токен, отвечает сразу
и через response_url присылает отложенный ответ.

Переменные окружения:
  COMMAND_TOKEN — токен slash-команды (обязательно);
  SERVER_URL    — адрес Time, например https://time.example.ru (для проверки response_url);
  PORT          — порт HTTP, по умолчанию 8080.
Запуск: python3 server.py
"""
import hashlib
import hmac
import json
import os
import re
import sys
import threading
import urllib.error
import urllib.parse
import urllib.request
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

PORT = int(os.environ.get("PORT", "8080"))
COMMAND_TOKEN = os.environ.get("COMMAND_TOKEN", "")
SERVER_URL = os.environ.get("SERVER_URL", "").rstrip("/")
MAX_BODY_BYTES = 64 * 1024
ENVIRONMENTS = ("staging", "prod")

if not COMMAND_TOKEN:
    sys.exit("Задайте COMMAND_TOKEN — токен slash-команды из Time")


def same_token(received: str, expected: str) -> bool:
    """Сравнение за постоянное время: хеши выравнивают длину строк."""
    a = hashlib.sha256(received.encode("utf-8")).digest()
    b = hashlib.sha256(expected.encode("utf-8")).digest()
    return hmac.compare_digest(a, b)


def ephemeral(text: str) -> dict:
    return {"response_type": "ephemeral", "text": text}


def trusted_response_url(response_url: str) -> bool:
    """Не отправляем отложенный ответ на чужой адрес: только на /hooks/commands/ своего Time."""
    if SERVER_URL:
        return response_url.startswith(SERVER_URL + "/hooks/commands/")
    return urllib.parse.urlsplit(response_url).path.startswith("/hooks/commands/")


def post_delayed(response_url: str, body: dict) -> None:
    """Отложенный ответ: не больше 5 запросов на один response_url в течение 30 минут."""
    request = urllib.request.Request(
        response_url,
        data=json.dumps(body).encode("utf-8"),
        method="POST",
        headers={"Content-Type": "application/json"},
    )
    try:
        with urllib.request.urlopen(request, timeout=10) as response:
            response.read()
    except urllib.error.HTTPError as error:
        detail = error.read().decode("utf-8", "replace")
        print(f"response_url ответил HTTP {error.code}: {detail}", file=sys.stderr)
    except urllib.error.URLError as error:
        print(f"Ошибка отложенного ответа: {error.reason}", file=sys.stderr)


def handle_deploy(fields: dict) -> dict:
    command = fields.get("command", "/deploy")
    parts = fields.get("text", "").split()
    environment = parts[0] if parts else ""
    version = parts[1] if len(parts) > 1 else ""
    if not environment or environment == "help":
        return ephemeral(
            f"Использование: `{command} staging|prod версия`, например `{command} staging 1.4.2`."
        )
    if environment not in ENVIRONMENTS:
        return ephemeral("Неизвестная среда. Укажите `staging` или `prod`.")
    if not re.fullmatch(r"\d+\.\d+\.\d+", version):
        return ephemeral("Укажите версию в формате X.Y.Z, например `1.4.2`.")

    # Здесь сервис ставит задание в CI. Долгая работа идёт после ответа, а результат
    # приходит в канал через response_url.
    response_url = fields.get("response_url", "")
    if trusted_response_url(response_url):
        done = {
            "response_type": "in_channel",
            "text": f"Выкладка **{version}** в `{environment}` завершена успешно.",
        }
        timer = threading.Timer(10.0, post_delayed, args=(response_url, done))
        timer.daemon = True
        timer.start()
    else:
        print(f"Отложенный ответ не отправлен: недоверенный response_url {response_url}", file=sys.stderr)

    return {
        "response_type": "in_channel",
        "text": f"@{fields.get('user_name', '')} запустил выкладку **{version}** в `{environment}`. "
        "Результат появится здесь.",
        "props": {"deploy_version": version, "deploy_environment": environment},
    }


class CommandHandler(BaseHTTPRequestHandler):
    def do_POST(self) -> None:
        # Метод P: тело application/x-www-form-urlencoded.
        length = int(self.headers.get("Content-Length") or 0)
        if length > MAX_BODY_BYTES:
            self.send_json(413, ephemeral("Слишком большой запрос."))
            return
        body = self.rfile.read(length).decode("utf-8")
        self.handle_command(urllib.parse.parse_qs(body, keep_blank_values=True))

    def do_GET(self) -> None:
        # Метод G: те же поля в строке запроса.
        query = urllib.parse.urlsplit(self.path).query
        self.handle_command(urllib.parse.parse_qs(query, keep_blank_values=True))

    def handle_command(self, params: dict) -> None:
        fields = {name: values[0] for name, values in params.items()}
        # Токен приходит в поле формы token и дублируется в заголовке Authorization: Token <токен>.
        token = fields.get("token", "")
        authorization = self.headers.get("Authorization", "")
        if not token and authorization.startswith("Token "):
            token = authorization[len("Token "):].strip()
        if not same_token(token, COMMAND_TOKEN):
            print(f"Отклонён запрос с неверным токеном от {self.client_address[0]}", file=sys.stderr)
            self.send_json(401, ephemeral("Неверный токен slash-команды."))
            return
        fields["text"] = fields.get("text", "").strip()
        print(
            f"{fields.get('team_domain', '')}/{fields.get('channel_name', '')} "
            f"@{fields.get('user_name', '')}: {fields.get('command', '')} {fields['text']}"
        )
        try:
            answer = handle_deploy(fields)
        except Exception as error:  # noqa: BLE001 — пользователь должен получить ответ
            print(f"Ошибка обработки запроса: {error}", file=sys.stderr)
            answer = ephemeral("Сервис выкладки не смог обработать команду.")
        self.send_json(200, answer)

    def log_message(self, format: str, *args) -> None:
        # Строка запроса метода G содержит токен: в журнал пишем путь без параметров.
        full_path = getattr(self, "path", "")
        message = format % args
        if full_path:
            message = message.replace(full_path, urllib.parse.urlsplit(full_path).path)
        print(f"{self.client_address[0]} {message}", file=sys.stderr)

    def send_json(self, status: int, body: dict) -> None:
        data = json.dumps(body, ensure_ascii=False).encode("utf-8")
        self.send_response(status)
        self.send_header("Content-Type", "application/json; charset=utf-8")
        self.send_header("Content-Length", str(len(data)))
        self.end_headers()
        self.wfile.write(data)


if __name__ == "__main__":
    server = ThreadingHTTPServer(("", PORT), CommandHandler)
    print(f"Обработчик slash-команды слушает порт {PORT}")
    server.serve_forever()

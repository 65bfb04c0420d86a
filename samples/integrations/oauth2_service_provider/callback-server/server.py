"""Клиент OAuth 2.0 для Time (поток с кодом авторизации): вход через Time, проверка state,
обмен кода на токен, запрос GET /api/v4/users/me и обновление токена.

Переменные окружения:
  SERVER_URL    — адрес Time без завершающей косой черты, например https://time.example.ru;
  CLIENT_ID     — идентификатор приложения (id из ответа POST /api/v4/oauth/apps);
  CLIENT_SECRET — секрет приложения;
  REDIRECT_URI  — адрес обработчика кода, в точности как в callback_urls приложения;
  PORT          — порт HTTP, по умолчанию 8080.
Запуск: python3 server.py, затем откройте в браузере корень приложения.
"""
import hashlib
import hmac
import html
import json
import os
import secrets
import sys
import threading
import time
import urllib.error
import urllib.parse
import urllib.request
from http.cookies import SimpleCookie
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer


def env(name: str) -> str:
    value = os.environ.get(name, "")
    if not value:
        sys.exit(f"Задайте переменную окружения {name}")
    return value


SERVER_URL = env("SERVER_URL").rstrip("/")
CLIENT_ID = env("CLIENT_ID")
CLIENT_SECRET = env("CLIENT_SECRET")
REDIRECT_URI = env("REDIRECT_URI")
PORT = int(os.environ.get("PORT", "8080"))
CALLBACK_PATH = urllib.parse.urlsplit(REDIRECT_URI).path
SECURE_COOKIE = "; Secure" if REDIRECT_URI.startswith("https://") else ""
STATE_TTL_SECONDS = 600

# Сессии приложения в памяти процесса; в рабочем сервисе храните их в базе или Redis.
SESSIONS: dict = {}
SESSIONS_LOCK = threading.Lock()


class TimeError(Exception):
    """Ошибка ответа Time: HTTP-статус и тело в формате AppError."""


def same_value(a: str, b: str) -> bool:
    return hmac.compare_digest(
        hashlib.sha256(a.encode("utf-8")).digest(), hashlib.sha256(b.encode("utf-8")).digest()
    )


def call_time(request: urllib.request.Request) -> dict:
    try:
        with urllib.request.urlopen(request, timeout=15) as response:
            return json.load(response)
    except urllib.error.HTTPError as error:
        detail = error.read().decode("utf-8", "replace")
        raise TimeError(f"{request.full_url}: HTTP {error.code}: {detail}") from error


def request_token(fields: dict) -> dict:
    """POST {SERVER_URL}/oauth/access_token с полями формы; ошибки Time приходят в формате AppError."""
    form = dict(fields, client_id=CLIENT_ID, client_secret=CLIENT_SECRET)
    request = urllib.request.Request(
        SERVER_URL + "/oauth/access_token",
        data=urllib.parse.urlencode(form).encode("ascii"),
        method="POST",
        headers={"Content-Type": "application/x-www-form-urlencoded", "Accept": "application/json"},
    )
    return call_time(request)


def get_me(access_token: str) -> dict:
    request = urllib.request.Request(
        SERVER_URL + "/api/v4/users/me",
        headers={"Authorization": "Bearer " + access_token, "Accept": "application/json"},
    )
    return call_time(request)


class ClientHandler(BaseHTTPRequestHandler):
    def cookies(self) -> dict:
        jar = SimpleCookie()
        jar.load(self.headers.get("Cookie", ""))
        return {name: morsel.value for name, morsel in jar.items()}

    def current_session(self):
        sid = self.cookies().get("sid", "")
        with SESSIONS_LOCK:
            session = SESSIONS.get(sid)
        return (sid, session) if session else (None, None)

    def send_html(self, status: int, body: str, cookies=()) -> None:
        page = (
            '<!doctype html><html lang="ru"><meta charset="utf-8"><title>Портал задач</title>'
            f"<body>{body}</body></html>"
        ).encode("utf-8")
        self.send_response(status)
        self.send_header("Content-Type", "text/html; charset=utf-8")
        self.send_header("Cache-Control", "no-store")
        for cookie in cookies:
            self.send_header("Set-Cookie", cookie)
        self.send_header("Content-Length", str(len(page)))
        self.end_headers()
        self.wfile.write(page)

    def redirect(self, location: str, cookies=()) -> None:
        # 303 See Other: браузер переходит по адресу методом GET, даже если пришёл с формы POST.
        self.send_response(303)
        self.send_header("Location", location)
        self.send_header("Cache-Control", "no-store")
        for cookie in cookies:
            self.send_header("Set-Cookie", cookie)
        self.send_header("Content-Length", "0")
        self.end_headers()

    def log_message(self, format: str, *args) -> None:
        # В строке запроса бывают code и state: в журнал пишем путь без параметров.
        full_path = getattr(self, "path", "")
        message = format % args
        if full_path:
            message = message.replace(full_path, urllib.parse.urlsplit(full_path).path)
        print(f"{self.client_address[0]} {message}", file=sys.stderr)

    def do_GET(self) -> None:
        self.safely(self.route_get)

    def do_POST(self) -> None:
        self.safely(self.route_post)

    def safely(self, handler) -> None:
        try:
            handler()
        except TimeError as error:
            print(f"Ошибка обращения к Time: {error}", file=sys.stderr)
            self.send_html(502, "<p>Не удалось получить токен у Time. Подробности — в журнале приложения.</p>")

    def route_get(self) -> None:
        url = urllib.parse.urlsplit(self.path)
        query = {k: v[0] for k, v in urllib.parse.parse_qs(url.query).items()}

        # 1. Начало входа: новый state в cookie браузера и переход на страницу согласия Time.
        if url.path == "/login":
            state = secrets.token_urlsafe(32)
            params = urllib.parse.urlencode(
                {"response_type": "code", "client_id": CLIENT_ID, "redirect_uri": REDIRECT_URI, "state": state}
            )
            self.redirect(
                f"{SERVER_URL}/oauth/authorize?{params}",
                [f"oauth_state={state}; HttpOnly; SameSite=Lax; Path=/; Max-Age={STATE_TTL_SECONDS}{SECURE_COOKIE}"],
            )
            return

        # 2. Возврат из Time: проверка state, обмен кода на токен, запрос профиля.
        if url.path == CALLBACK_PATH:
            clear_state = f"oauth_state=; HttpOnly; SameSite=Lax; Path=/; Max-Age=0{SECURE_COOKIE}"
            # Отказ пользователя или ошибка сервера: error=access_denied, server_error и другие.
            if "error" in query:
                self.send_html(
                    403, f'<p>Доступ не выдан: {html.escape(query["error"])}. <a href="/">На главную</a></p>', [clear_state]
                )
                return
            # state из адреса должен совпасть со значением в cookie этого браузера.
            expected = self.cookies().get("oauth_state", "")
            state = query.get("state", "")
            if not expected or not state or not same_value(state, expected):
                self.send_html(
                    400, '<p>Неверный или просроченный параметр state. <a href="/login">Войти заново</a></p>', [clear_state]
                )
                return
            code = query.get("code", "")
            if not code:
                self.send_html(400, "<p>В ответе Time нет кода авторизации.</p>", [clear_state])
                return
            token = request_token({"grant_type": "authorization_code", "code": code, "redirect_uri": REDIRECT_URI})
            user = get_me(token["access_token"])
            sid = secrets.token_urlsafe(32)
            with SESSIONS_LOCK:
                SESSIONS[sid] = {
                    "access_token": token["access_token"],
                    "refresh_token": token["refresh_token"],
                    "expires_at": time.time() + token["expires_in"],
                    "user": user,
                }
            print(f"Вход выполнен: @{user['username']}, токен действует {token['expires_in']} с")
            self.redirect("/", [clear_state, f"sid={sid}; HttpOnly; SameSite=Lax; Path=/{SECURE_COOKIE}"])
            return

        if url.path == "/":
            _, session = self.current_session()
            if not session:
                self.send_html(200, '<p><a href="/login">Войти через Time</a></p>')
                return
            user = session["user"]
            full_name = f"{user.get('first_name', '')} {user.get('last_name', '')}".strip() or user["username"]
            expires = time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime(session["expires_at"]))
            self.send_html(
                200,
                f"<p>Вы вошли как <b>@{html.escape(user['username'])}</b> ({html.escape(full_name)}).</p>"
                f"<p>Токен доступа действует до {expires}.</p>"
                '<form method="post" action="/refresh"><button>Обновить токен</button></form>'
                '<form method="post" action="/logout"><button>Выйти</button></form>',
            )
            return

        self.send_html(404, "<p>Страница не найдена.</p>")

    def route_post(self) -> None:
        path = urllib.parse.urlsplit(self.path).path
        sid, session = self.current_session()

        # 3. Обновление токена: grant_type=refresh_token, Time выдаёт новую пару токенов.
        if path == "/refresh":
            if not session:
                self.redirect("/login")
                return
            token = request_token({"grant_type": "refresh_token", "refresh_token": session["refresh_token"]})
            with SESSIONS_LOCK:
                session.update(
                    access_token=token["access_token"],
                    refresh_token=token["refresh_token"],
                    expires_at=time.time() + token["expires_in"],
                )
            self.redirect("/")
            return

        if path == "/logout":
            if sid:
                with SESSIONS_LOCK:
                    SESSIONS.pop(sid, None)
            self.redirect("/", [f"sid=; HttpOnly; SameSite=Lax; Path=/; Max-Age=0{SECURE_COOKIE}"])
            return

        self.send_html(404, "<p>Страница не найдена.</p>")


if __name__ == "__main__":
    server = ThreadingHTTPServer(("", PORT), ClientHandler)
    print(f"Клиент OAuth 2.0 слушает порт {PORT}, адрес возврата {REDIRECT_URI}")
    server.serve_forever()
